import Testing
import WrappedCardLayout
import WrappedKit

/// The layout invariant, checked with any text measurer: the layout tests use a measurer whose
/// widths can be computed by hand, the renderer tests the Cairo one that draws the PNG.
public enum CardLayoutChecks {
    /// Expects every text, panel and tile of `card`'s layout inside the safe area, every line no
    /// wider than its box as `measurer` measures it, and the brand mark in the bottom band, with
    /// no photo, all nine and a mix available.
    public static func expectInside(
        card: Card, measurer: some TextMeasuring, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for available in [[], Array(repeating: true, count: 9), [true, false, true]] {
            let layout = CardLayout(card: card, photoAvailable: available, measurer: measurer)
            #expect(!layout.texts.isEmpty, sourceLocation: sourceLocation)
            for box in layout.allTexts {
                #expect(
                    CardCanvas.safeArea.contains(box.rect), "\(card.kind) \(box.role) at \(box.rect)",
                    sourceLocation: sourceLocation)
                let width = measurer.width(of: box.text, fontSize: box.fontSize, weight: box.weight)
                #expect(
                    width <= box.rect.width + 0.5, "\(card.kind) \(box.role) is \(width) px wide",
                    sourceLocation: sourceLocation)
            }
            for panel in layout.panels {
                #expect(CardCanvas.safeArea.contains(panel.rect), sourceLocation: sourceLocation)
            }
            for tile in layout.tiles {
                #expect(CardCanvas.safeArea.contains(tile.rect), sourceLocation: sourceLocation)
            }
            #expect(CardCanvas.bottomBand.contains(layout.brand.rect), sourceLocation: sourceLocation)
        }
    }
}
