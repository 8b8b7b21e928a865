import Testing
import WrappedCardFixtures
import WrappedKit

@testable import WrappedCardLayout

/// Every character is `fontSize / 2` wide: widths a test can compute by hand.
struct FixedAdvanceMeasurer: TextMeasuring {
    func width(of text: String, fontSize: Double, weight: FontWeight) -> Double {
        Double(text.count) * fontSize / 2
    }
}

@Suite("Text fitting")
struct TextFitterTests {
    let measurer = FixedAdvanceMeasurer()

    @Test("a text that fits stays on one line at the preferred size")
    func fits() {
        let fit = TextFitter.fit(
            "aaaa bbbb", width: 100, maxLines: 1, preferredSize: 20, minimumSize: 10, weight: .bold,
            measurer: measurer)
        #expect(fit == FittedText(lines: ["aaaa bbbb"], fontSize: 20))
    }

    @Test("a long text wraps at spaces before it shrinks")
    func wraps() {
        let fit = TextFitter.fit(
            "aaaa bbbb cccc", width: 100, maxLines: 2, preferredSize: 20, minimumSize: 10, weight: .bold,
            measurer: measurer)
        #expect(fit == FittedText(lines: ["aaaa bbbb", "cccc"], fontSize: 20))
    }

    @Test("with too few lines it shrinks step by step (20, 18, 16, 14) until it fits")
    func shrinks() {
        // 14 characters: 140 px at 20, 126 at 18, 112 at 16, 98 at 14.
        let fit = TextFitter.fit(
            "aaaa bbbb cccc", width: 100, maxLines: 1, preferredSize: 20, minimumSize: 10, weight: .bold,
            measurer: measurer)
        #expect(fit == FittedText(lines: ["aaaa bbbb cccc"], fontSize: 14))
    }

    @Test("at the minimum size an unbreakable word is cut and the last line ends in an ellipsis")
    func ellipsises() {
        let fit = TextFitter.fit(
            "abcdefghijklmnopqrstuvwxyz", width: 100, maxLines: 2, preferredSize: 20, minimumSize: 20,
            weight: .bold, measurer: measurer)
        // 10 characters per line at 20 px; the second line keeps 9 and the ellipsis.
        #expect(fit == FittedText(lines: ["abcdefghij", "klmnopqrs…"], fontSize: 20))
    }

    @Test("grapheme clusters (flags, accents) are never split across lines")
    func graphemes() {
        let flags = String(repeating: "🇫🇮", count: 30) + String(repeating: "e\u{301}", count: 30)
        let fit = TextFitter.fit(
            flags, width: 100, maxLines: 10, preferredSize: 20, minimumSize: 20, weight: .bold,
            measurer: measurer)
        #expect(fit.lines.joined() == flags)
        #expect(fit.lines.count == 6)
        for line in fit.lines.dropLast() { #expect(line.count == 10) }
    }

    @Test("control characters are dropped and white space runs are one break")
    func normalises() {
        let fit = TextFitter.fit(
            "a\u{0}b\n\n\tc", width: 100, maxLines: 1, preferredSize: 20, minimumSize: 20, weight: .bold,
            measurer: measurer)
        #expect(fit.lines == ["ab c"])
    }
}

@Suite("Card layout")
struct CardLayoutTests {
    let measurer = FixedAdvanceMeasurer()

    @Test(
        "200-character mixed-script labels stay inside the safe area on every kind",
        arguments: CardFixtures.hostileCards)
    func hostileLabelsStayInside(card: Card) {
        CardLayoutChecks.expectInside(card: card, measurer: measurer)
    }

    @Test("the title card shows the year huge and does not repeat it as the eyebrow")
    func titleYear() {
        let layout = CardLayout(card: CardFixtures.title, measurer: measurer)
        let hero = layout.texts.filter { $0.role == .hero }
        #expect(hero.map(\.text) == ["2025"])
        #expect((hero.first?.fontSize ?? 0) >= 200)
        #expect(!layout.texts.contains { $0.role == .eyebrow })
    }

    @Test("the coverage card shows the percentage huge")
    func coveragePercent() {
        let layout = CardLayout(card: CardFixtures.coverage, measurer: measurer)
        #expect(layout.texts.filter { $0.role == .hero }.map(\.text) == ["62%"])
    }

    @Test("the top-places card stacks one panel per place, in rank order, without overlap")
    func panels() {
        let layout = CardLayout(card: CardFixtures.topPlaces, measurer: measurer)
        #expect(layout.panels.count == 2)
        #expect(layout.panels[0].texts.first?.text == "2")
        #expect(layout.panels[1].texts.first?.text == "3")
        #expect(layout.panels[0].rect.maxY <= layout.panels[1].rect.y)
    }

    @Test("a collage grid is 3 × 3 equal square tiles; a short last row is centred")
    func grid() {
        let nine = CardFixtures.collage(Array(repeating: "x.jpg", count: 9))
        let layout = CardLayout(
            card: nine, photoAvailable: Array(repeating: true, count: 9), measurer: measurer)
        #expect(layout.tiles.count == 9)
        #expect(Set(layout.tiles.map(\.rect.width)).count == 1)
        #expect(layout.tiles.allSatisfy { $0.rect.width == $0.rect.height && $0.rect.width == 296 })
        #expect(Set(layout.tiles.map(\.rect.x)).count == 3 && Set(layout.tiles.map(\.rect.y)).count == 3)
        // 3 × 296 + 2 × 16 = 920: the grid spans the safe area's width exactly.
        #expect(layout.tiles.map(\.rect.x).min() == 80 && layout.tiles.map(\.rect.maxX).max() == 1000)

        let five = CardFixtures.collage(Array(repeating: "x.jpg", count: 5))
        let short = CardLayout(
            card: five, photoAvailable: Array(repeating: true, count: 5), measurer: measurer)
        // Two tiles and a gap (608 px) centred in 920: left edge at 80 + 156.
        #expect(short.tiles[3].rect.x == 236)
        #expect(short.tiles[4].rect.maxX == 844)
    }
}
