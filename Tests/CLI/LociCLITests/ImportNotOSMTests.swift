import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci import on a file that is not OSM says so, and leaves the existing store untouched",
    .enabled(
        if: SharedData.has("osm/monaco.osm.pbf", "photos/exif-samples/jpg/Nikon_D70.jpg"),
        Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf and a sample JPEG"))))
struct ImportNotOSMTests {
    enum Input: String, CaseIterable, Sendable {
        case text, jpeg, truncatedPBF
    }

    /// Writes the bad input for `input` into `folder` and returns its path.
    static func write(_ input: Input, into folder: URL) throws -> String {
        switch input {
        case .text:
            let path = folder.appendingPathComponent("notes.osm.pbf").path
            try Data("Some notes about Monaco, not a map.\n".utf8).write(to: URL(fileURLWithPath: path))
            return path
        case .jpeg:
            let path = folder.appendingPathComponent("photo.osm.pbf").path
            try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/Nikon_D70.jpg")).write(to: URL(fileURLWithPath: path))
            return path
        case .truncatedPBF:
            let path = folder.appendingPathComponent("truncated.osm.pbf").path
            let bytes = try Data(contentsOf: SharedData.url("osm/monaco.osm.pbf"))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    @Test("text and JPEG are 'not an OSM PBF or XML file'; a truncated PBF keeps its blob and byte detail", arguments: Input.allCases)
    func refusesNonOSM(_ input: Input) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-import-bad-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("places.sqlite").path
        let first = try LociProcess.run("import", SharedData.url("osm/monaco.osm.pbf").path, "--db", database)
        try #require(first.status == 0, "stderr: \(first.stderr)")
        let before = try Data(contentsOf: URL(fileURLWithPath: database))

        let bad = try Self.write(input, into: folder)
        let result = try LociProcess.run("import", bad, "--db", database)
        #expect(result.status != 0)
        #expect(result.stderr.contains(bad), "stderr: \(result.stderr)")
        switch input {
        case .text, .jpeg:
            #expect(result.stderr.contains("not an OSM PBF or XML file"), "stderr: \(result.stderr)")
        case .truncatedPBF:
            #expect(!result.stderr.contains("not an OSM"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("file ends inside a blob"), "stderr: \(result.stderr)")
            #expect(result.stderr.contains("at byte"), "stderr: \(result.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }
}
