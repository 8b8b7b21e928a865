import Foundation
import Synchronization
import Testing
import WrappedExport
import WrappedKit

@testable import WrappedService

@Suite("Photo Wrapped files")
struct WrappedExportTests {
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    func outcome() throws -> WrappedOutcome {
        try session(InMemoryPhotoLibrary(assets: TwoCities.assets), cache: nil, log: EventLog())
            .run(days: TwoCities.june, hidden: [], now: now)
    }

    @Test("deck.json names every share card's two PNGs, which exist; index.html embeds one image per card")
    func writesFiles() throws {
        let outcome = try outcome()
        let folder = temporary("out")
        let events = Mutex<[WrappedExportEvent]>([])
        try outcome.write(to: folder) { event in events.withLock { $0.append(event) } }
        let steps = events.withLock { $0 }
        guard case .renderingFinished = steps.last else {
            Issue.record("the last event is \(String(describing: steps.last)), not renderingFinished")
            return
        }
        #expect(steps.filter { if case .cardNotRendered = $0 { true } else { false } }.isEmpty)
        let deck = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: folder.appendingPathComponent("deck.json"))) as? [String: Any])
        #expect(deck["cache"] as? String == "off")
        #expect(deck["total"] as? Int == 42)
        let cards = try #require(deck["cards"] as? [[String: Any]])
        #expect(cards.count == outcome.result.deck.cards.count)
        for (index, card) in cards.enumerated() where card["share_eligible"] as? Bool == true {
            let png = try #require(card["png"] as? [String: String])
            #expect(png.keys.sorted() == ["pastel", "poster"])
            let kind = try #require(card["kind"] as? String)
            #expect(png["poster"] == String(format: "cards/%02d-%@.poster.png", index + 1, kind))
            for name in png.values {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
                #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            }
        }
        let html = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<img ").count - 1 == cards.count)
    }

    @Test("the printed JSON has no PNG names and says where each place ranks")
    func json() throws {
        let text = try outcome().jsonString()
        #expect(!text.contains("\"png\""))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let places = try #require(object["places"] as? [[String: Any]])
        #expect(places.first?["rank"] as? Int == 1)
        #expect(places.first?["label"] as? String == "Kallio, Helsinki")
        #expect(places.first?["photos"] as? Int == 30)
        #expect(
            Set(object.keys) == [
                "from", "to", "total", "located", "coverage_pct", "undated", "low_coverage", "time_sources",
                "algorithm_version", "cache", "places", "cards", "issues",
            ])
    }

    @Test("an output folder under a plain file cannot be created and says which folder")
    func unwritable() throws {
        let file = temporary("file")
        try Data("x".utf8).write(to: file)
        let outcome = try outcome()
        do {
            try outcome.write(to: file.appendingPathComponent("out"))
            Issue.record("written")
        } catch {
            guard case .folderUnwritable(let path, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(path == file.appendingPathComponent("out/cards").path)
        }
    }
}
