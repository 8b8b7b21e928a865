import WrappedKit

/// The two looks of a share card (seed §12.3): the in-app pastel skin and the high-contrast
/// "poster" skin for exports.
public enum CardSkin: String, Sendable, CaseIterable, Codable {
    /// Warm soft gradients, dark text on light backgrounds (in the app).
    case pastel
    /// Bold saturated gradients, white heavy type (Spotify-Wrapped-like, for sharing).
    case poster

    /// The palette for a card of `kind`: each kind gets its own gradient so a deck changes
    /// colour card by card, the same kind always the same.
    public func palette(for kind: CardKind) -> CardPalette {
        let gradients = self == .pastel ? CardPalette.pastelGradients : CardPalette.posterGradients
        let index = CardKind.allCases.firstIndex(of: kind) ?? 0
        let (top, bottom) = gradients[index % gradients.count]
        switch self {
        case .pastel:
            return CardPalette(
                gradientTop: top, gradientBottom: bottom, text: RGBColor(0x2B2D42),
                secondaryText: RGBColor(0x4A4E69),
                panel: RGBColor(0xFFFFFF, alpha: 0.55), tile: RGBColor(0xFFFFFF, alpha: 0.45),
                brand: RGBColor(0x2B2D42, alpha: 0.75))
        case .poster:
            return CardPalette(
                gradientTop: top, gradientBottom: bottom, text: RGBColor(0xFFFFFF),
                secondaryText: RGBColor(0xFFFFFF),
                panel: RGBColor(0x000000, alpha: 0.28), tile: RGBColor(0x000000, alpha: 0.3),
                brand: RGBColor(0xFFFFFF, alpha: 0.85))
        }
    }
}

/// An sRGB colour with alpha, components 0…1.
public struct RGBColor: Sendable, Hashable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double

    /// A colour from a 0xRRGGBB literal.
    public init(_ hex: UInt32, alpha: Double = 1) {
        red = Double((hex >> 16) & 0xFF) / 255
        green = Double((hex >> 8) & 0xFF) / 255
        blue = Double(hex & 0xFF) / 255
        self.alpha = alpha
    }
}

/// The colours a card is drawn with.
public struct CardPalette: Sendable, Hashable {
    /// Background gradient, top colour.
    public var gradientTop: RGBColor
    /// Background gradient, bottom colour.
    public var gradientBottom: RGBColor
    /// Hero, headline and panel labels.
    public var text: RGBColor
    /// Eyebrow, supporting lines and panel details.
    public var secondaryText: RGBColor
    /// Panel fill (drawn over the gradient).
    public var panel: RGBColor
    /// Fill of a typographic (photo-less) tile.
    public var tile: RGBColor
    /// The brand mark.
    public var brand: RGBColor

    /// The colour of a text line of `role`: eyebrows, supporting lines and panel details in
    /// ``secondaryText``, the brand mark in ``brand``, everything else in ``text``. Every renderer
    /// (Cairo, SwiftUI) colours text through this.
    public func color(for role: TextRole) -> RGBColor {
        switch role {
        case .eyebrow, .line, .panelDetail: secondaryText
        case .brand: brand
        case .hero, .headline, .panelRank, .panelLabel, .tileCaption: text
        }
    }

    /// Pastel gradients: peach, mint, lavender, butter, rose, sky — all light enough for the
    /// dark text to keep a WCAG contrast of at least 7:1.
    static let pastelGradients: [(RGBColor, RGBColor)] = [
        (RGBColor(0xFFE5D9), RGBColor(0xFFCAD4)),
        (RGBColor(0xE2F0CB), RGBColor(0xB5EAD7)),
        (RGBColor(0xE4DFFA), RGBColor(0xC7CEEA)),
        (RGBColor(0xFFF5CC), RGBColor(0xFFDAC1)),
        (RGBColor(0xFDE2E4), RGBColor(0xE2ECE9)),
        (RGBColor(0xDFF3FF), RGBColor(0xCDE7F0)),
    ]

    /// Poster gradients: saturated and dark enough for white text to keep at least 4.5:1.
    static let posterGradients: [(RGBColor, RGBColor)] = [
        (RGBColor(0xC2185B), RGBColor(0x4A148C)),
        (RGBColor(0x1B5E20), RGBColor(0x004D40)),
        (RGBColor(0x283593), RGBColor(0x6A1B9A)),
        (RGBColor(0xBF360C), RGBColor(0x880E4F)),
        (RGBColor(0x00695C), RGBColor(0x1A237E)),
        (RGBColor(0x4527A0), RGBColor(0xAD1457)),
    ]
}
