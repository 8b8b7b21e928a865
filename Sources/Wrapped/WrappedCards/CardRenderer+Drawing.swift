import CCairo
import WrappedCardLayout
import WrappedKit

extension CardRenderer {
    /// Draws a layout on a new canvas and encodes it as PNG.
    static func draw(_ layout: CardLayout, photos: [DecodedPhoto?], palette: CardPalette)
        throws(CardRenderError)
        -> [UInt8]
    {
        guard
            let surface = cairo_image_surface_create(
                CAIRO_FORMAT_ARGB32, Int32(CardCanvas.width), Int32(CardCanvas.height))
        else {
            throw .canvasUnavailable(kind: layout.kind, status: "cairo_image_surface_create returned nothing")
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface)
        else {
            throw .canvasUnavailable(kind: layout.kind, status: statusText(cairo_surface_status(surface)))
        }
        defer { cairo_destroy(context) }

        background(context, palette)
        for panel in layout.panels {
            roundedRect(context, panel.rect, radius: LayoutMetrics.panelCornerRadius)
            fill(context, palette.panel)
        }
        for pin in layout.pins {
            let radius = pin.rect.width / 2
            cairo_new_path(context)
            cairo_arc(context, pin.rect.x + radius, pin.rect.y + radius, radius, 0, 2 * Double.pi)
            fill(context, palette.text)
        }
        for tile in layout.tiles {
            let photo = tile.photoIndex < photos.count ? photos[tile.photoIndex] : nil
            drawTile(context, tile, photo: photo, palette: palette)
        }
        for text in layout.allTexts { drawText(context, text, palette: palette) }
        drawText(context, layout.brand, palette: palette)

        let status = cairo_status(context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .encodingFailed(kind: layout.kind, status: statusText(status))
        }
        return try encodePNG(surface, kind: layout.kind)
    }

    static func statusText(_ status: cairo_status_t) -> String {
        cairo_status_to_string(status).map { String(cString: $0) } ?? "status \(status.rawValue)"
    }

    private static func setColor(_ context: OpaquePointer, _ color: RGBColor) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private static func fill(_ context: OpaquePointer, _ color: RGBColor) {
        setColor(context, color)
        cairo_fill(context)
    }

    /// The skin's diagonal gradient and two soft circles (``CardBackground``; the same for every
    /// card of a kind).
    ///
    /// The gradient is drawn on a quarter-size surface and scaled up bilinearly: a linear
    /// gradient is smooth, so the result looks the same, and pixman evaluates the gradient for
    /// 1/16 of the pixels (the saving is in docs/benchmarks.md, Photo Wrapped cards).
    private static func background(_ context: OpaquePointer, _ palette: CardPalette) {
        let width = Double(CardCanvas.width)
        let height = Double(CardCanvas.height)
        let factor = 4.0
        if let small = cairo_image_surface_create(
            CAIRO_FORMAT_RGB24, Int32(width / factor), Int32(height / factor))
        {
            defer { cairo_surface_destroy(small) }
            if let smallContext = cairo_create(small),
                let gradient = cairo_pattern_create_linear(
                    0, 0, CardBackground.gradientEnd.x / factor, CardBackground.gradientEnd.y / factor)
            {
                let (top, bottom) = (palette.gradientTop, palette.gradientBottom)
                cairo_pattern_add_color_stop_rgb(gradient, 0, top.red, top.green, top.blue)
                cairo_pattern_add_color_stop_rgb(gradient, 1, bottom.red, bottom.green, bottom.blue)
                cairo_set_source(smallContext, gradient)
                cairo_paint(smallContext)
                cairo_pattern_destroy(gradient)
                cairo_destroy(smallContext)
            }
            cairo_surface_flush(small)
            cairo_save(context)
            cairo_scale(context, factor, factor)
            cairo_set_source_surface(context, small, 0, 0)
            if let pattern = cairo_get_source(context) {
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
                cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            }
            cairo_paint(context)
            cairo_restore(context)
        }
        for glow in CardBackground.glows {
            cairo_arc(context, glow.centerX, glow.centerY, glow.radius, 0, 2 * .pi)
            fill(context, CardBackground.glowColor)
        }
    }

    static func roundedRect(_ context: OpaquePointer, _ rect: CardRect, radius: Double) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.y + r, r, -.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, .pi / 2)
        cairo_arc(context, rect.x + r, rect.maxY - r, r, .pi / 2, .pi)
        cairo_arc(context, rect.x + r, rect.y + r, r, .pi, 1.5 * .pi)
        cairo_close_path(context)
    }

    private static func drawText(_ context: OpaquePointer, _ box: TextBox, palette: CardPalette) {
        guard !box.text.isEmpty else { return }
        let color = palette.color(for: box.role)
        CairoText.select(context, size: box.fontSize, weight: box.weight)
        var font = cairo_font_extents_t()
        cairo_font_extents(context, &font)
        var extents = cairo_text_extents_t()
        box.text.withCString { cairo_text_extents(context, $0, &extents) }
        let width = max(extents.x_advance, extents.x_bearing + extents.width)
        let x = box.alignment == .center ? box.rect.x + (box.rect.width - width) / 2 : box.rect.x
        let baseline = box.rect.y + (box.rect.height - (font.ascent + font.descent)) / 2 + font.ascent
        setColor(context, color)
        cairo_move_to(context, x, baseline)
        box.text.withCString { cairo_show_text(context, $0) }
    }
}
