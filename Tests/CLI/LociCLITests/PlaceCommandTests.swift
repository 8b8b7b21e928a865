import Foundation
import LociTestSupport
import Testing

/// One Helsinki import shared by the tests in this file.
private let helsinkiDatabase: Result<String, any Error> = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-cli-places-\(UUID().uuidString)")
    let path = folder.appendingPathComponent("places.sqlite").path
    do {
        let result = try LociProcess.run(
            "import", SharedData.url("osm/helsinki.osm.pbf").path, "--db", path, "--time-zone", "Europe/Helsinki", "--json")
        guard result.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: result.stderr]) }
        return .success(path)
    } catch {
        return .failure(error)
    }
}()

@Suite(
    "loci import, search, nearby, autocomplete and place, run as a process",
    .enabled(if: SharedData.has("osm/helsinki.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
struct PlaceCommandTests {
    @Test("search --json carries the contract's fields, open_now included even when unknown")
    func searchJSON() throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run(
            "search", "Ateneum", "--near", "60.1705,24.9420", "--json", "--db", db, "--at", "2026-11-24T12:00:00Z")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let top = try #require(rows.first)
        for key in ["id", "name", "category", "lat", "lon", "distance_m", "score", "match", "open_now"] {
            #expect(top.keys.contains(key), "missing \(key)")
        }
        #expect(top["name"] as? String == "Ateneum")
        #expect(top["match"] as? String == "exact_name")
        // Ateneum: "Tu, Fr 10:00-18:00; We-Th 10:00-20:00; Sa-Su 10:00-17:00"; Tuesday 14:00 Helsinki time.
        #expect(top["open_now"] as? Bool == true)
        #expect(rows.allSatisfy { $0.keys.contains("open_now") })
        let distance = try #require(top["distance_m"] as? Double)
        #expect(distance > 50 && distance < 300)
    }

    @Test("open_now follows the instant: Ateneum is closed on Monday")
    func closedOnMonday() throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run("place", "osm:way/8033120", "--json", "--db", db, "--at", "2026-11-23T12:00:00Z")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        #expect(json["open_now"] as? Bool == false)
        #expect(json["name"] as? String == "Ateneum")
    }

    @Test("nearby with a category word lists cafés nearest first")
    func nearbyCafes() throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run("nearby", "--near", "60.1705,24.9420", "--category", "kahvila", "--json", "--db", db)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(!rows.isEmpty)
        #expect(rows.allSatisfy { $0["category"] as? String == "cafe" })
        let distances = rows.compactMap { $0["distance_m"] as? Double }
        #expect(distances == distances.sorted() && distances.allSatisfy { $0 <= 1_000 })
    }

    @Test("negative coordinates and numbers after an option are read as values, not as options")
    func negativeValues() throws {
        let db = try helsinkiDatabase.get()
        let far = try LociProcess.run("search", "Ateneum", "--near", "-33.8688,151.2093", "--radius", "1000", "--json", "--db", db)
        #expect(far.status == 0, "stderr: \(far.stderr)")
        let negativeRadius = try LociProcess.run("search", "Ateneum", "--near", "60.17,24.94", "--radius", "-5", "--db", db)
        #expect(negativeRadius.status != 0)
        #expect(negativeRadius.stderr.contains("--radius must be a positive number"), "stderr: \(negativeRadius.stderr)")
        let west = try LociProcess.run("nearby", "--near", "40.7359,-74.0036", "--category", "cafe", "--json", "--db", db)
        #expect(west.status == 0, "stderr: \(west.stderr)")
        // The Helsinki store has nothing in Manhattan: an empty list, not an error.
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(west.stdout.utf8)) as? [Any])
        #expect(rows.isEmpty)
    }

    @Test("autocomplete suggests Ateneum from its first letters")
    func autocomplete() throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run("autocomplete", "Aten", "--near", "60.1705,24.9420", "--json", "--db", db)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.prefix(3).contains { $0["name"] as? String == "Ateneum" })
    }

    @Test("hostile query text is answered, never a crash or an SQL error", arguments: [
        "\"", "NEAR(", "a AND", "*", "'; DROP TABLE places; --", "((cafe", "🙂", String(repeating: "x", count: 5_000),
    ])
    func hostileQueries(query: String) throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run("search", query, "--near", "60.1705,24.9420", "--json", "--db", db)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("SQLite error"))
    }

    @Test("bad input gets one clear line", arguments: [
        (["search", "cafe", "--near", "95,0"], "latitude 95.0 is outside"),
        (["search", "cafe", "--radius", "-3"], "--radius"),
        (["search", "cafe", "--limit", "0"], "--limit"),
        (["nearby", "--near", "60.17,24.94", "--category", "spaceport"], "unknown category 'spaceport'"),
        (["place", "not-an-id"], "is not a place id"),
        (["place", "osm:node/1"], "no place with id osm:node/1"),
        (["search", "cafe", "--time-zone", "Mars/Olympus"], "not an IANA time zone"),
    ] as [([String], String)])
    func badInput(arguments: [String], message: String) throws {
        let db = try helsinkiDatabase.get()
        let result = try LociProcess.run(arguments + ["--db", db])
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    @Test("a missing database says how to create one")
    func missingDatabase() throws {
        let result = try LociProcess.run("search", "cafe", "--db", "/nonexistent/places.sqlite")
        #expect(result.status != 0)
        #expect(result.stderr.contains("loci import"))
    }

    @Test("a failed import of a truncated extract leaves the existing database as it was")
    func failedImportKeepsDatabase() throws {
        let db = try helsinkiDatabase.get()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let bytes = try Data(contentsOf: SharedData.url("osm/helsinki.osm.pbf"))
        let truncated = FileManager.default.temporaryDirectory.appendingPathComponent("loci-cut-\(UUID().uuidString).osm.pbf")
        try bytes.prefix(bytes.count * 2 / 3).write(to: truncated)
        defer { try? FileManager.default.removeItem(at: truncated) }
        let result = try LociProcess.run("import", truncated.path, "--db", db)
        #expect(result.status != 0)
        #expect(result.stderr.contains("blob") && result.stderr.contains("byte"), "stderr: \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let again = try LociProcess.run("search", "Ateneum", "--near", "60.1705,24.9420", "--json", "--db", db)
        #expect(again.status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: URL(fileURLWithPath: db).deletingLastPathComponent().path)
        #expect(!leftovers.contains { $0.hasSuffix(".importing") })
    }
}
