import CoreText
import Foundation
import WrappedCardLayout

/// Measures card text with CoreText: the phone's `TextMeasuring` for the share-card layout.
///
/// The card layout fits text by asking for advance widths; the view that draws the card must use
/// the same fonts, so it takes them from ``font(size:weight:)`` (SwiftUI: `Font(ctFont)`).
/// The default is the system font; a bundled DejaVu Sans (what the Cairo renderer uses on Linux)
/// can be named instead so both renderers break lines alike.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct CoreTextMeasurer: TextMeasuring, Sendable {
    /// Which typeface the card is measured and drawn in.
    public enum Typeface: Sendable, Hashable {
        /// The system UI font (regular and emphasized).
        case system
        /// Fonts by PostScript name, e.g. `DejaVuSans` and `DejaVuSans-Bold` when bundled.
        case named(regular: String, bold: String)
    }

    /// The typeface.
    public var typeface: Typeface

    /// A measurer for `typeface`.
    public init(typeface: Typeface = .system) {
        self.typeface = typeface
    }

    /// The advance width in pixels of `text` at `fontSize` pixels and `weight`.
    public func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        let attributes = [
            NSAttributedString.Key(kCTFontAttributeName as String): font(size: fontSize, weight: weight)
        ]
        let line = CTLineCreateWithAttributedString(NSAttributedString(string: text, attributes: attributes))
        return CTLineGetTypographicBounds(line, nil, nil, nil)
    }

    /// The font text is measured in, for the view that draws it.
    public func font(size: Double, weight: FontWeight) -> CTFont {
        let size = CGFloat(size)
        switch (typeface, weight) {
        case (.system, .regular):
            return CTFontCreateUIFontForLanguage(.system, size, nil)
                ?? CTFontCreateWithName("Helvetica" as CFString, size, nil)
        case (.system, .bold):
            return CTFontCreateUIFontForLanguage(.emphasizedSystem, size, nil)
                ?? CTFontCreateWithName("Helvetica-Bold" as CFString, size, nil)
        case (.named(let regular, _), .regular): return CTFontCreateWithName(regular as CFString, size, nil)
        case (.named(_, let bold), .bold): return CTFontCreateWithName(bold as CFString, size, nil)
        }
    }
}
