import CCairo
import WrappedCardLayout

extension CardRenderer {
    /// A tile: the photo centre-cropped to fill the rounded rect, or the palette's tile colour
    /// with its typographic mark.
    static func drawTile(
        _ context: OpaquePointer, _ tile: PhotoTile, photo: DecodedPhoto?, palette: CardPalette
    ) {
        cairo_save(context)
        roundedRect(context, tile.rect, radius: LayoutMetrics.tileCornerRadius)
        cairo_clip(context)
        if let photo, tile.caption == nil {
            drawPhoto(context, photo, filling: tile.rect)
        } else {
            cairo_set_source_rgba(
                context, palette.tile.red, palette.tile.green, palette.tile.blue, palette.tile.alpha)
            cairo_paint(context)
        }
        cairo_restore(context)
    }

    /// Scales the photo (after its EXIF orientation) to cover `rect` and centres it; the clip
    /// crops the overflow. Bilinear is enough: the decoder's N/8 scaling leaves at most a 9:8
    /// reduction for photos larger than the tile.
    private static func drawPhoto(_ context: OpaquePointer, _ photo: DecodedPhoto, filling rect: CardRect) {
        var pixels = photo.pixels
        pixels.withUnsafeMutableBytes { raw in
            guard let base = raw.baseAddress?.assumingMemoryBound(to: UInt8.self),
                let image = cairo_image_surface_create_for_data(
                    base, CAIRO_FORMAT_RGB24, Int32(photo.width), Int32(photo.height), Int32(photo.stride))
            else { return }
            defer {
                cairo_surface_finish(image)
                cairo_surface_destroy(image)
            }
            guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return }
            let display = photo.displaySize
            let scale = max(rect.width / Double(display.width), rect.height / Double(display.height))
            cairo_translate(context, rect.x + rect.width / 2, rect.y + rect.height / 2)
            cairo_scale(context, scale, scale)
            orient(context, photo.orientation)
            cairo_set_source_surface(context, image, -Double(photo.width) / 2, -Double(photo.height) / 2)
            if let pattern = cairo_get_source(context) {
                cairo_pattern_set_filter(pattern, CAIRO_FILTER_BILINEAR)
            }
            cairo_paint(context)
            // Release the source before the pixels go away.
            cairo_set_source_rgb(context, 0, 0, 0)
        }
    }

    /// Maps stored pixels to display orientation about the image centre (EXIF 0x0112; in Cairo's
    /// y-down space a positive rotation turns clockwise, and the last call applies first).
    private static func orient(_ context: OpaquePointer, _ orientation: Int) {
        switch orientation {
        case 2: cairo_scale(context, -1, 1)
        case 3: cairo_rotate(context, .pi)
        case 4: cairo_scale(context, 1, -1)
        case 5:
            cairo_scale(context, -1, 1)
            cairo_rotate(context, .pi / 2)
        case 6: cairo_rotate(context, .pi / 2)
        case 7:
            cairo_scale(context, 1, -1)
            cairo_rotate(context, .pi / 2)
        case 8: cairo_rotate(context, -.pi / 2)
        default: break
        }
    }
}
