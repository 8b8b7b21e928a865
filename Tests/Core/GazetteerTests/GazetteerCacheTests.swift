import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import Testing

/// The binary cache is used only when it is valid for the source, and never changes an answer.
@Suite("The gazetteer's binary cache")
struct GazetteerCacheTests {
    static let text =
        GazetteerHostileInputTests.header + GazetteerHostileInputTests.helsinki
        + GazetteerHostileInputTests.kallio

    /// A fresh folder with `gazetteer.tsv` holding `text`.
    private func folder(_ text: String = Self.text) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-gazetteer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: folder.appendingPathComponent("gazetteer.tsv"))
        return folder
    }

    private func places(_ gazetteer: Gazetteer) -> [GazetteerPlace] {
        (0..<gazetteer.count).map(gazetteer.place(at:))
    }

    @Test("the first load writes the cache beside the source, the second reads it with the same places")
    func rebuildThenHit() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("gazetteer.tsv").path
        let first = try Gazetteer.load(contentsOf: source)
        #expect(first.cache == .rebuilt)
        #expect(FileManager.default.fileExists(atPath: source + ".loci-cache"))
        let second = try Gazetteer.load(contentsOf: source)
        #expect(second.cache == .hit)
        #expect(places(second.gazetteer) == places(try Gazetteer(contentsOf: source)))
        #expect(
            second.gazetteer.reverse(try Coordinate(latitude: 60.1845, longitude: 24.9496))?.label
                == "Kallio, Helsinki")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.contains(".tmp-")
        }
        #expect(leftovers.isEmpty)
    }

    @Test("a changed source makes the cache stale")
    func staleAfterEdit() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("gazetteer.tsv")
        _ = try Gazetteer.load(contentsOf: source.path)
        try Data((GazetteerHostileInputTests.header + GazetteerHostileInputTests.kallio).utf8).write(
            to: source)
        let reloaded = try Gazetteer.load(contentsOf: source.path)
        #expect(reloaded.cache == .rebuilt)
        #expect(reloaded.gazetteer.count == 1)
        #expect(reloaded.gazetteer.place(at: 0).name == "Kallio")
    }

    @Test("a corrupt or truncated cache is rebuilt, never trusted", arguments: ["flip", "truncate", "empty"])
    func corruptCache(damage: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("gazetteer.tsv").path
        let cache = URL(fileURLWithPath: source + ".loci-cache")
        _ = try Gazetteer.load(contentsOf: source)
        var bytes = [UInt8](try Data(contentsOf: cache))
        switch damage {
        case "flip": bytes[bytes.count - 3] ^= 0x20  // a letter of the last time zone
        case "truncate": bytes.removeLast(7)
        default: bytes = []
        }
        try Data(bytes).write(to: cache)
        let reloaded = try Gazetteer.load(contentsOf: source)
        #expect(reloaded.cache == .rebuilt)
        #expect(reloaded.gazetteer.place(at: 1).timeZone == "Europe/Helsinki")
    }

    @Test("an unwritable cache location still loads the gazetteer and says why")
    func unwritable() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("gazetteer.tsv").path
        let result = try Gazetteer.load(contentsOf: source, cacheAt: folder.path + "/missing/dir/cache")
        guard case .unwritable(let reason) = result.cache else {
            Issue.record("expected unwritable, got \(result.cache)")
            return
        }
        #expect(reason.contains("missing/dir"))
        #expect(result.gazetteer.count == 2)
    }

    @Test("a missing source is an error even when a cache exists")
    func missingSource() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("gazetteer.tsv").path
        _ = try Gazetteer.load(contentsOf: source)
        try FileManager.default.removeItem(atPath: source)
        #expect(throws: GazetteerError.self) { try Gazetteer.load(contentsOf: source) }
    }

    @Test(
        "the real gazetteer round-trips through the cache",
        .enabled(if: RealGazetteer.isPresent, Comment(rawValue: RealGazetteer.missing)))
    func realRoundTrip() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = SharedData.url(RealGazetteer.path).path
        let cache = folder.appendingPathComponent("real.loci-cache").path
        #expect(try Gazetteer.load(contentsOf: source, cacheAt: cache).cache == .rebuilt)
        let (cached, status) = try Gazetteer.load(contentsOf: source, cacheAt: cache)
        #expect(status == .hit)
        let parsed = try RealGazetteer.gazetteer()
        #expect(cached.count == parsed.count)
        for position in stride(from: 0, to: parsed.count, by: 997) {
            #expect(cached.place(at: position) == parsed.place(at: position))
        }
    }
}
