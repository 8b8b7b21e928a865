import CCairo
import PNGEncoding
import WrappedKit

extension CardRenderer {
    /// Encodes the finished canvas as PNG in memory with ``PNGEncoder`` (cards are opaque).
    static func encodePNG(_ surface: OpaquePointer, kind: CardKind) throws(CardRenderError) -> [UInt8] {
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else {
            throw .encodingFailed(kind: kind, status: "the canvas has no pixel data")
        }
        do {
            return try PNGEncoder.encode(
                pixels: data, width: Int(cairo_image_surface_get_width(surface)),
                height: Int(cairo_image_surface_get_height(surface)),
                stride: Int(cairo_image_surface_get_stride(surface)))
        } catch {
            throw .encodingFailed(kind: kind, status: "zlib status \(error.status)")
        }
    }
}
