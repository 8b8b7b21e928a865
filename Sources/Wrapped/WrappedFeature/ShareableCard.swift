import WrappedCardLayout
import WrappedKit

/// What the share sheet gets: one card laid out in one skin, with its photos loaded, ready for a
/// view to draw and render to an image (the same ``WrappedCardLayout/CardLayout`` the Cairo
/// renderer draws on Linux).
public struct ShareableCard: Sendable, Equatable {
    /// The laid-out card on the 1080 × 1920 canvas.
    public var layout: CardLayout
    /// Its colours.
    public var palette: CardPalette
    /// The card's loaded photos by ``WrappedCardLayout/PhotoTile/photoIndex``.
    public var photos: [Int: PhotoThumbnail]
    /// The image's file name ("photo-wrapped-03-top_place-poster.png").
    public var fileName: String
    /// The share sheet's title (the card's headline).
    public var title: String

    /// Canvas width in pixels.
    public static let pixelWidth = CardCanvas.width
    /// Canvas height in pixels.
    public static let pixelHeight = CardCanvas.height
}
