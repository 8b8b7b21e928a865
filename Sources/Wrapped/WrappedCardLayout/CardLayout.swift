import WrappedKit

/// A card laid out on the ``CardCanvas``: every text line with its font size and box, the place
/// panels and the photo tiles, in drawing order. Pure data: `WrappedCards.CardRenderer` draws it
/// with Cairo, a SwiftUI view can draw it on the phone, tests inspect it.
///
/// Invariant: every element but ``brand`` lies inside ``CardCanvas/safeArea``; ``brand`` lies in
/// ``CardCanvas/bottomBand``.
public struct CardLayout: Sendable, Equatable {
    /// The card's kind, which picks the palette's gradient.
    public var kind: CardKind
    /// Text lines (eyebrow, hero, headline, supporting lines), top to bottom.
    public var texts: [TextBox]
    /// Place panels (top places), top to bottom.
    public var panels: [PanelBox]
    /// Photo tiles (collage grid or a place's strip).
    public var tiles: [PhotoTile]
    /// The "Photo Wrapped" brand mark in the bottom band.
    public var brand: TextBox
    /// Map pins (the map card), drawn over its map panel, in rank order.
    public var pins: [PinBox] = []

    /// Creates a layout.
    public init(
        kind: CardKind, texts: [TextBox], panels: [PanelBox], tiles: [PhotoTile], brand: TextBox, pins: [PinBox] = []
    ) {
        self.pins = pins
        self.kind = kind
        self.texts = texts
        self.panels = panels
        self.tiles = tiles
        self.brand = brand
    }

    /// Every text box, the panels' included, without the brand mark.
    public var allTexts: [TextBox] { texts + panels.flatMap { $0.texts } + tiles.compactMap { $0.caption } + pins.map(\.label) }
}

/// What a text line is, which picks its colour and weight.
public enum TextRole: String, Sendable, Hashable {
    /// Small line above the headline.
    case eyebrow
    /// The huge figure or name of a card (year, percentage, top place).
    case hero
    /// The main statement.
    case headline
    /// A supporting line.
    case line
    /// A panel's rank number.
    case panelRank
    /// A panel's label.
    case panelLabel
    /// A panel's detail line.
    case panelDetail
    /// The mark drawn on a photo tile whose photo could not be drawn.
    case tileCaption
    /// The brand mark.
    case brand
}

/// Font weight; both are DejaVu Sans.
public enum FontWeight: Sendable, Hashable {
    /// Book.
    case regular
    /// Bold.
    case bold
}

/// Horizontal alignment of a line in its box.
public enum TextAlignment: Sendable, Hashable {
    /// Flush left.
    case leading
    /// Centred.
    case center
}

/// One line of text, already wrapped, shrunk and ellipsised to fit ``rect``.
public struct TextBox: Sendable, Hashable {
    /// The line as drawn (may end in "…").
    public var text: String
    /// What the line is.
    public var role: TextRole
    /// Font size in pixels.
    public var fontSize: Double
    /// Font weight.
    public var weight: FontWeight
    /// Alignment inside ``rect``.
    public var alignment: TextAlignment
    /// The line's box: full line height, the measured text width fits inside it.
    public var rect: CardRect

    /// Creates a text line.
    public init(
        text: String, role: TextRole, fontSize: Double, weight: FontWeight, alignment: TextAlignment,
        rect: CardRect
    ) {
        self.text = text
        self.role = role
        self.fontSize = fontSize
        self.weight = weight
        self.alignment = alignment
        self.rect = rect
    }
}

/// A place panel: a rounded box with a rank and its text lines.
public struct PanelBox: Sendable, Hashable {
    /// The panel's box.
    public var rect: CardRect
    /// Rank number, label and detail lines.
    public var texts: [TextBox]

    /// Creates a panel.
    public init(rect: CardRect, texts: [TextBox]) {
        self.rect = rect
        self.texts = texts
    }
}

/// A photo tile: where photo `photoIndex` of the card is drawn, centre-cropped to fill ``rect``.
public struct PhotoTile: Sendable, Hashable {
    /// Index into the card's ``WrappedKit/Card/photos``.
    public var photoIndex: Int
    /// The tile's box.
    public var rect: CardRect
    /// The typographic mark drawn when the photo is unavailable (`nil` when it is drawn).
    public var caption: TextBox?

    /// Creates a tile.
    public init(photoIndex: Int, rect: CardRect, caption: TextBox? = nil) {
        self.photoIndex = photoIndex
        self.rect = rect
        self.caption = caption
    }
}

/// A place on the map card: a dot (a circle inscribed in ``rect``) and its rank beside it.
public struct PinBox: Sendable, Hashable {
    /// The place's rank, from 1.
    public var rank: Int
    /// The square the dot fills.
    public var rect: CardRect
    /// The rank number, right of the dot (left of it near the map's right edge).
    public var label: TextBox

    /// Creates a pin.
    public init(rank: Int, rect: CardRect, label: TextBox) {
        self.rank = rank
        self.rect = rect
        self.label = label
    }
}
