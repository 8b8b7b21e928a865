import Foundation
import Testing
import WrappedCardFixtures
import WrappedKit

@testable import WrappedCards

@Suite("HTML deck")
struct DeckHTMLTests {
    static let hostile = Card(
        kind: .topPlace, eyebrow: "Tom & Jerry's <b>café</b>",
        headline: "\"Quoted\" <script>alert(1)</script>",
        lines: ["a > b & c < d"])

    @Test("every text is escaped: no markup from a card survives")
    func escaping() {
        let html = DeckHTML.document(
            deck: Deck(cards: [Self.hostile], isLowCoverage: false), cardPNGs: [[1, 2, 3]])
        #expect(!html.contains("<b>café"))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("Tom &amp; Jerry&#39;s &lt;b&gt;café&lt;/b&gt;"))
        #expect(html.contains("&quot;Quoted&quot; &lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("a &gt; b &amp; c &lt; d"))
        // The document's own script is the only one.
        #expect(html.components(separatedBy: "<script>").count == 2)
    }

    @Test("one embedded <img> per card, its PNG as a base64 data URL, and nothing fetched")
    func images() throws {
        let cards = CardFixtures.all
        let pngs = try cards.map { try CardRenderer.png(for: $0, skin: .poster) }
        let html = DeckHTML.document(deck: Deck(cards: cards, isLowCoverage: false), cardPNGs: pngs)
        #expect(html.components(separatedBy: "<img ").count - 1 == cards.count)
        for png in pngs {
            #expect(html.contains("src=\"data:image/png;base64,\(Data(png).base64EncodedString())\""))
        }
        // Base64 can spell "http" by chance; look outside the data URLs.
        let markup = html.replacing(/base64,[A-Za-z0-9+\/=]+/, with: "base64,")
        #expect(!markup.lowercased().contains("http"))
        #expect(!html.contains("<link"))
        #expect(!html.contains(" src=\"//"))
        // Alt text is the card's texts.
        #expect(html.contains("alt=\"Your #1 place. Kallio, Helsinki. 212 photos · 40 days\""))
        // Navigation and progress are wired: keys, taps, swipes, one progress segment per card.
        for hook in ["ArrowRight", "ArrowLeft", "touchstart", "touchend", "click"] {
            #expect(html.contains(hook))
        }
        #expect(html.components(separatedBy: "<span></span>").count - 1 == cards.count)
        #expect(html.contains("aspect-ratio:9/16"))
    }

    @Test("a card without a PNG shows its texts; an empty deck shows why it is empty")
    func fallbacks() {
        let html = DeckHTML.document(deck: Deck(cards: [Self.hostile], isLowCoverage: false), cardPNGs: [])
        #expect(!html.contains("<img"))
        #expect(html.contains("<p>Tom &amp; Jerry"))
        let empty = DeckHTML.document(
            deck: Deck(cards: [], isLowCoverage: false, emptyReason: "No photos between 1 & 31 Dec 2025."),
            cardPNGs: [])
        #expect(empty.contains("No photos between 1 &amp; 31 Dec 2025."))
    }
}
