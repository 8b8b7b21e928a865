import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci wrapped",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))))
struct WrappedCommandTests {
    let photos = SharedData.url("photos/exif-samples").path
    let gazetteer = SharedData.url("geo/gazetteer-cities500.tsv.gz").path

    func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("wrapped-cli-\(name)-\(UUID().uuidString)")
    }

    func wrapped(_ extra: [String], cache: URL) throws -> LociProcess.Result {
        try LociProcess.run(
            ["wrapped", photos, "--range", "2000-01-01..2030-01-01", "--gazetteer", gazetteer, "--cache", cache.path,
             "--time-zone", "Europe/Helsinki"] + extra)
    }

    /// Width and height from a PNG's IHDR chunk.
    func pngSize(_ url: URL) throws -> (Int, Int)? {
        let bytes = [UInt8](try Data(contentsOf: url).prefix(24))
        guard bytes.count == 24, bytes[0..<8].elementsEqual([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
        let be = { (o: Int) in bytes[o..<o + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (be(16), be(20))
    }

    @Test("writes deck.json, 1080×1920 cards in both skins and a self-contained index.html; the Arezzo walk is the top place")
    func writesDeck() throws {
        let out = temporary("out")
        let result = try wrapped(["--out", out.path], cache: temporary("cache.sqlite"))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("Reading photos"))
        #expect(result.stdout.contains("Arezzo"))
        let deck = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: out.appendingPathComponent("deck.json"))) as? [String: Any])
        let cards = try #require(deck["cards"] as? [[String: Any]])
        #expect((8...12).contains(cards.count))
        #expect(cards.first?["kind"] as? String == "title")
        let top = try #require(cards.first { $0["kind"] as? String == "top_place" })
        #expect((top["headline"] as? String)?.contains("Arezzo") == true)
        var images = 0
        for card in cards where card["share_eligible"] as? Bool == true {
            let png = try #require(card["png"] as? [String: String])
            for skin in ["pastel", "poster"] {
                let size = try pngSize(out.appendingPathComponent(try #require(png[skin])))
                #expect(size?.0 == 1_080 && size?.1 == 1_920)
                images += 1
            }
        }
        #expect(images == 2 * cards.count)
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.components(separatedBy: "<img ").count - 1 == cards.count)
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test("a second run is a cache hit with the same deck; hiding the top place misses and removes it")
    func cacheAndHide() throws {
        let cache = temporary("cache.sqlite")
        let first = try wrapped(["--json"], cache: cache)
        #expect(first.status == 0, "\(first.stderr)")
        let firstJSON = try first.json()
        #expect(firstJSON["cache"] as? String == "miss")
        let second = try wrapped(["--json"], cache: cache)
        let secondJSON = try second.json()
        #expect(secondJSON["cache"] as? String == "hit")
        #expect((secondJSON["cards"] as? [[String: Any]])?.count == (firstJSON["cards"] as? [[String: Any]])?.count)
        #expect(second.stderr.contains("cache"))
        let places = try #require(firstJSON["places"] as? [[String: Any]])
        let topID = try #require(places.first?["id"] as? String)
        let hidden = try wrapped(["--json", "--hide", topID], cache: cache).json()
        #expect(hidden["cache"] as? String == "miss")
        let hiddenPlaces = try #require(hidden["places"] as? [[String: Any]])
        #expect(hiddenPlaces.first { $0["id"] as? String == topID }?["hidden"] as? Bool == true)
        let cards = try #require(hidden["cards"] as? [[String: Any]])
        #expect(!cards.contains { ($0["headline"] as? String)?.contains("Arezzo") == true })
    }

    @Test("bad arguments fail with one clear line", arguments: [
        (["--range", "2025-13-01..2025-12-31"], "--range"), (["--range", "yesterday"], "--range"),
        (["--time-zone", "Mars/Olympus"], "--time-zone"),
    ])
    func badArguments(extra: [String], mentions: String) throws {
        let result = try LociProcess.run(["wrapped", photos, "--no-cache", "--gazetteer", gazetteer] + extra)
        #expect(result.status != 0)
        #expect(result.stderr.contains(mentions))
    }

    @Test("a folder that does not exist is an error naming it")
    func missingFolder() throws {
        let missing = temporary("missing").path
        let result = try LociProcess.run(["wrapped", missing, "--no-cache"])
        #expect(result.status != 0)
        #expect(result.stderr.contains(missing))
    }
}
