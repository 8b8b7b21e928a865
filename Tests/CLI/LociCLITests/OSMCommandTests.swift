import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci osm stats, run as a process",
    .enabled(
        if: SharedData.has("osm/helsinki.osm.pbf"),
        Comment(rawValue: SharedData.missingMessage("osm/helsinki.osm.pbf"))))
struct OSMCommandTests {
    @Test("counts the Helsinki extract as osmium does")
    func countsHelsinki() throws {
        // osmium fileinfo -e (osmium-tool 1.15.0): 24260 nodes, 5130 ways, 620 relations.
        let result = try LociProcess.run(
            "osm", "stats", SharedData.url("osm/helsinki.osm.pbf").path, "--json")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let json = try result.json()
        #expect(json["nodes"] as? Int == 24_260)
        #expect(json["ways"] as? Int == 5_130)
        #expect(json["relations"] as? Int == 620)
    }

    @Test("a truncated extract fails with one line naming the blob and the byte offset")
    func truncatedFile() throws {
        let bytes = try Data(contentsOf: SharedData.url("osm/helsinki.osm.pbf"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-truncated-\(UUID().uuidString).osm.pbf")
        try bytes.prefix(bytes.count / 2).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try LociProcess.run("osm", "stats", url.path)
        #expect(result.status != 0)
        #expect(result.stderr.contains("blob"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("byte"), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    @Test("a missing file is named")
    func missingFile() throws {
        let result = try LociProcess.run("osm", "stats", "/nonexistent/file.osm.pbf")
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/file.osm.pbf"))
    }
}
