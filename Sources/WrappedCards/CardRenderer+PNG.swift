import CCairo
import WrappedKit

/// Collects the PNG bytes Cairo writes.
private final class PNGSink {
    var bytes: [UInt8] = []
}

extension CardRenderer {
    /// Encodes the surface as PNG in memory (cairo_surface_write_to_png_stream).
    static func encodePNG(_ surface: OpaquePointer, kind: CardKind) throws(CardRenderError) -> [UInt8] {
        let sink = PNGSink()
        sink.bytes.reserveCapacity(1 << 20)
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(
                surface,
                { closure, data, length in
                    guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                    let sink = Unmanaged<PNGSink>.fromOpaque(closure).takeUnretainedValue()
                    sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                    return CAIRO_STATUS_SUCCESS
                }, Unmanaged.passUnretained(sink).toOpaque())
        }
        guard status == CAIRO_STATUS_SUCCESS else { throw .encodingFailed(kind: kind, status: statusText(status)) }
        return sink.bytes
    }
}
