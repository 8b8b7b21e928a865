import Foundation
import Testing
import WrappedKit

@testable import WrappedCardLayout

@Suite("Card skins")
struct CardSkinTests {
    /// WCAG 2.x relative luminance and contrast ratio (the published formula).
    static func contrast(_ a: RGBColor, _ b: RGBColor) -> Double {
        func channel(_ c: Double) -> Double { c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
        func luminance(_ c: RGBColor) -> Double {
            0.2126 * channel(c.red) + 0.7152 * channel(c.green) + 0.0722 * channel(c.blue)
        }
        let (l1, l2) = (luminance(a), luminance(b))
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    @Test("text keeps WCAG AA contrast (4.5:1) on both ends of every gradient", arguments: CardSkin.allCases)
    func contrast(skin: CardSkin) {
        for kind in CardKind.allCases {
            let palette = skin.palette(for: kind)
            for background in [palette.gradientTop, palette.gradientBottom] {
                #expect(Self.contrast(palette.text, background) >= 4.5, "\(skin) \(kind)")
                #expect(Self.contrast(palette.secondaryText, background) >= 4.5, "\(skin) \(kind)")
            }
        }
    }

    @Test("pastel is dark on light, poster is white on dark")
    func polarity() {
        let pastel = CardSkin.pastel.palette(for: .title)
        let poster = CardSkin.poster.palette(for: .title)
        #expect(pastel.gradientTop.red + pastel.gradientTop.green + pastel.gradientTop.blue > 2.4)
        #expect(pastel.text.red + pastel.text.green + pastel.text.blue < 0.8)
        #expect(poster.text == RGBColor(0xFFFFFF))
        #expect(poster.gradientTop.red + poster.gradientTop.green + poster.gradientTop.blue < 1.6)
    }
}
