import Testing
import WrappedCardFixtures
import WrappedCardLayout
import WrappedKit

@testable import WrappedCards

@Suite("Card layout measured with Cairo")
struct CairoLayoutTests {
    let measurer: CairoTextMeasurer

    init() throws { measurer = try #require(CairoTextMeasurer()) }

    @Test(
        "200-character mixed-script labels stay inside the safe area on every kind, in DejaVu Sans",
        arguments: CardFixtures.hostileCards)
    func hostileLabelsStayInside(card: Card) {
        CardLayoutChecks.expectInside(card: card, measurer: measurer)
    }

    @Test("DejaVu Sans Bold is wider than Book, and width grows with the size")
    func measuresTheFace() {
        let book = measurer.width(of: "Kallio, Helsinki", fontSize: 40, weight: .regular)
        let bold = measurer.width(of: "Kallio, Helsinki", fontSize: 40, weight: .bold)
        #expect(book > 200 && bold > book)
        #expect(measurer.width(of: "Kallio, Helsinki", fontSize: 80, weight: .regular) > 1.9 * book)
    }
}
