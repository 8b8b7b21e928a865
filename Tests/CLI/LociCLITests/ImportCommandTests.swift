import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci import shows its progress on standard error",
    .enabled(if: SharedData.has("osm/monaco.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf"))))
struct ImportCommandTests {
    @Test("each phase once, in order, ending at the counts standard output reports; standard output is only the JSON")
    func progressLines() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LociProcess.run(
            "import", SharedData.url("osm/monaco.osm.pbf").path, "--db", folder.appendingPathComponent("p.sqlite").path,
            "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        let places = try #require(json["places"] as? Int)
        let buildings = try #require(json["buildings"] as? Int)
        let elements = try #require(json["nodes"] as? Int) + (json["ways"] as? Int ?? 0) + (json["relations"] as? Int ?? 0)

        // Standard error is not a terminal here: one line per phase.
        let lines = result.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("loci import: ") }
        let phases = lines.compactMap { $0.dropFirst("loci import: ".count).split(separator: ":").first.map(String.init) }
        #expect(phases == ["reading", "resolving ways", "finishing", "done"], "stderr: \(result.stderr)")
        let done = try #require(lines.last)
        #expect(done == "loci import: done: \(elements) elements read, \(places) places and \(buildings) footprints written")
    }

    @Test("the text output is unchanged: the same six lines")
    func textOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-import-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try LociProcess.run(
            "import", SharedData.url("osm/monaco.osm.pbf").path, "--db", folder.appendingPathComponent("p.sqlite").path)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let labels = result.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(labels == ["imported", "places", "buildings", "read", "skipped", "in"])
        #expect(!result.stdout.contains("loci import:"))
    }
}
