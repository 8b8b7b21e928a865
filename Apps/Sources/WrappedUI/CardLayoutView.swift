import SwiftUI
import WrappedCardLayout
import WrappedKit

/// Draws a ``WrappedCardLayout/CardLayout`` (the same layout the Cairo renderer draws on Linux):
/// the skin's gradient, the panels, the photo tiles and every text box at its canvas position,
/// on the 1080 × 1920 canvas scaled to the space offered.
struct CardLayoutView: View {
    let layout: CardLayout
    let palette: CardPalette
    let photos: [Int: PhotoThumbnail]
    let cardFont: CardFont

    var body: some View {
        GeometryReader { proxy in
            let scale = min(proxy.size.width / canvasWidth, proxy.size.height / canvasHeight)
            canvas
                .scaleEffect(scale, anchor: .topLeading)
                .frame(width: canvasWidth * scale, height: canvasHeight * scale, alignment: .topLeading)
        }
        .aspectRatio(canvasWidth / canvasHeight, contentMode: .fit)
    }

    /// The card at canvas size, one point per canvas pixel (what `ImageRenderer` renders).
    var canvas: some View {
        ZStack(alignment: .topLeading) {
            LinearGradient(
                colors: [Color(palette.gradientTop), Color(palette.gradientBottom)], startPoint: .topLeading,
                endPoint: UnitPoint(
                    x: CardBackground.gradientEnd.x / canvasWidth, y: CardBackground.gradientEnd.y / canvasHeight))
            ForEach(CardBackground.glows, id: \.self) { glow in
                Circle()
                    .fill(Color(CardBackground.glowColor))
                    .frame(width: 2 * glow.radius, height: 2 * glow.radius)
                    .position(x: glow.centerX, y: glow.centerY)
            }
            ForEach(layout.panels.indices, id: \.self) { index in
                placed(layout.panels[index].rect) {
                    RoundedRectangle(cornerRadius: LayoutMetrics.panelCornerRadius, style: .circular)
                        .fill(Color(palette.panel))
                }
            }
            ForEach(layout.pins, id: \.self) { pin in
                placed(pin.rect) {
                    Circle().fill(Color(palette.text))
                }
            }
            ForEach(layout.tiles.indices, id: \.self) { index in
                placed(layout.tiles[index].rect) {
                    PhotoTileView(photo: photos[layout.tiles[index].photoIndex], fill: Color(palette.tile))
                }
            }
            ForEach(Array((layout.allTexts + [layout.brand]).enumerated()), id: \.offset) { _, box in
                placed(box.rect) {
                    Text(box.text)
                        .font(cardFont(box.fontSize, box.weight))
                        .foregroundStyle(Color(palette.color(for: box.role)))
                        .lineLimit(1)
                        .fixedSize()
                        .frame(
                            width: box.rect.width, height: box.rect.height,
                            alignment: alignment(box.alignment))
                }
            }
        }
        .frame(width: canvasWidth, height: canvasHeight, alignment: .topLeading)
        .clipped()
    }

    private var canvasWidth: CGFloat { CGFloat(CardCanvas.width) }
    private var canvasHeight: CGFloat { CGFloat(CardCanvas.height) }

    private func placed(_ rect: CardRect, @ViewBuilder _ content: () -> some View) -> some View {
        content()
            .frame(width: rect.width, height: rect.height)
            .offset(x: rect.x, y: rect.y)
    }

    private func alignment(_ alignment: WrappedCardLayout.TextAlignment) -> Alignment {
        switch alignment {
        case .leading: .leading
        case .center: .center
        }
    }
}

/// A photo tile: the photo centre-cropped to fill, or the tile colour when it is not loaded.
private struct PhotoTileView: View {
    let photo: PhotoThumbnail?
    let fill: Color

    var body: some View {
        RoundedRectangle(cornerRadius: LayoutMetrics.tileCornerRadius, style: .circular)
            .fill(fill)
            .overlay {
                ThumbnailImage(thumbnail: photo)
            }
            .clipShape(RoundedRectangle(cornerRadius: LayoutMetrics.tileCornerRadius, style: .circular))
    }
}
