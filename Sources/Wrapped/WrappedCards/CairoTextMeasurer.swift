import CCairo
import WrappedCardLayout

/// Measures text with Cairo's toy font API and DejaVu Sans (the face fontconfig resolves for
/// "DejaVu Sans"; package fonts-dejavu-core). Owns a 1 × 1 scratch surface; use one per thread.
public final class CairoTextMeasurer: TextMeasuring {
    /// The font family every card uses.
    public static let family = "DejaVu Sans"

    private let surface: OpaquePointer
    private let context: OpaquePointer

    /// Creates a measurer, or `nil` when Cairo cannot create even a 1 × 1 surface.
    public init?() {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface)
        else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.context = context
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// The advance (or ink extent, when larger) of `text`, in pixels.
    public func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        CairoText.select(context, size: fontSize, weight: weight)
        var extents = cairo_text_extents_t()
        text.withCString { cairo_text_extents(context, $0, &extents) }
        return max(extents.x_advance, extents.x_bearing + extents.width)
    }
}

/// Font selection shared by the measurer and the renderer, so both measure the same face.
enum CairoText {
    static func select(_ context: OpaquePointer, size: Double, weight: FontWeight) {
        cairo_select_font_face(
            context, CairoTextMeasurer.family, CAIRO_FONT_SLANT_NORMAL,
            weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }
}
