import Foundation
import Synchronization
import Testing
import WrappedCardFixtures
import WrappedCardLayout
import WrappedKit

@testable import WrappedCards

@Suite("Card PNGs")
struct CardRendererTests {
    @Test("a card renders to a PNG whose IHDR says 1080 × 1920", arguments: CardSkin.allCases)
    func pngHeader(skin: CardSkin) throws {
        let png = try CardRenderer.png(for: CardFixtures.title, skin: skin)
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(Array(png[12..<16]) == Array("IHDR".utf8))
        let be32 = { (at: Int) in png[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        #expect(be32(16) == 1080)
        #expect(be32(20) == 1920)
        let decoded = try #require(DecodedPNG(png))
        #expect(decoded.width == 1080 && decoded.height == 1920)
    }

    @Test("the pastel and poster skins give different pixels, poster darker behind white text")
    func skinsDiffer() throws {
        let pastel = try #require(DecodedPNG(try CardRenderer.png(for: CardFixtures.coverage, skin: .pastel)))
        let poster = try #require(DecodedPNG(try CardRenderer.png(for: CardFixtures.coverage, skin: .poster)))
        #expect(pastel.differingPixels(from: poster, rows: 0..<1920) > 1080 * 1920 / 2)
        // Background behind the top band: pastel is light, poster is dark.
        let light = pastel.mean(x: 0, y: 0, width: 1080, height: 200)
        let dark = poster.mean(x: 0, y: 0, width: 1080, height: 200)
        #expect(light.0 + light.1 + light.2 > 3 * 180)
        #expect(dark.0 + dark.1 + dark.2 < 3 * 140)
    }

    @Test(
        "the top and bottom safe bands hold nothing a card's texts put there",
        arguments: CardFixtures.hostileCards + CardFixtures.all, CardSkin.allCases)
    func safeBandsAreTextFree(card: Card, skin: CardSkin) throws {
        let full = try #require(DecodedPNG(try CardRenderer.png(for: card, skin: skin)))
        let empty = try #require(
            DecodedPNG(try CardRenderer.png(for: CardFixtures.withoutTexts(card), skin: skin)))
        let margin = Int(CardCanvas.verticalMargin)
        #expect(full.differingPixels(from: empty, rows: 0..<margin) == 0)
        #expect(full.differingPixels(from: empty, rows: (1920 - margin)..<1920) == 0)
        // …while the texts were drawn in between.
        #expect(full.differingPixels(from: empty, rows: margin..<(1920 - margin)) > 5_000)
    }

    @Test("the brand mark is drawn in the bottom band and nowhere else")
    func brandMark() throws {
        let card = CardFixtures.withoutTexts(CardFixtures.peakDay)
        let rendered = try CardRenderer.render(card, skin: .poster)
        #expect(CardCanvas.bottomBand.contains(rendered.layout.brand.rect))
        let image = try #require(DecodedPNG(rendered.png))
        let brand = rendered.layout.brand.rect
        // White brand text on the dark poster gradient: bright pixels exist in the brand box.
        var bright = 0
        for y in Int(brand.y)..<Int(brand.maxY) {
            for x in Int(brand.x)..<Int(brand.maxX) {
                let (r, g, b) = image.rgb(x, y)
                if r > 200 && g > 200 && b > 200 { bright += 1 }
            }
        }
        #expect(bright > 200)
    }
}

@Suite("Card PNGs from several threads")
struct CardRendererConcurrencyTests {
    @Test("renders on several threads at once give the same bytes as one at a time")
    func concurrentRendersMatch() throws {
        let cards = CardFixtures.all
        let sequential = try cards.map { try CardRenderer.png(for: $0, skin: .poster) }
        let results = Mutex([[UInt8]?](repeating: nil, count: cards.count * 2))
        DispatchQueue.concurrentPerform(iterations: cards.count * 2) { index in
            let png = try? CardRenderer.png(for: cards[index % cards.count], skin: .poster)
            results.withLock { $0[index] = png }
        }
        let concurrent = results.withLock { $0 }
        for index in concurrent.indices { #expect(concurrent[index] == sequential[index % cards.count]) }
    }
}
