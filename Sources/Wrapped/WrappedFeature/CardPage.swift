import WrappedCardLayout
import WrappedKit

/// One card of the pager, laid out: what a page view draws.
public struct CardPage: Sendable, Equatable, Identifiable {
    /// Its position in the deck (the pager's selection tag).
    public var index: Int
    /// The layout on the 1080 × 1920 canvas.
    public var layout: CardLayout
    /// Its colours.
    public var palette: CardPalette
    /// The card's photos loaded so far, by photo index (the layout has a tile for each).
    public var photos: [Int: PhotoThumbnail] = [:]
    /// The card itself (its words, for a text version at accessibility text sizes).
    public var card: Card
    /// What VoiceOver reads for the card: its words in order, a map's places by rank.
    public var spokenText: String

    /// The position.
    public var id: Int { index }
}
