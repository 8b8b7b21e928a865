import Foundation
import LociTestSupport
import PlaceImport
import Synchronization
import Testing

@Suite("An import reports its progress through the callback")
struct ImportProgressTests {
    /// Collects the reports an import makes (the callback may run on the importing thread).
    final class Recorder: Sendable {
        private let reports = Mutex<[PlaceImportProgress]>([])
        func record(_ progress: PlaceImportProgress) { reports.withLock { $0.append(progress) } }
        var all: [PlaceImportProgress] { reports.withLock { $0 } }
    }

    /// Checks what every import's reports must satisfy, against its result.
    static func expectConsistent(_ reports: [PlaceImportProgress], _ result: PlaceImportResult) throws {
        let phases = reports.map(\.phase)
        // Phases never go back, every phase appears, and the last report is the only `done`.
        #expect(zip(phases, phases.dropFirst()).allSatisfy { order($0) <= order($1) })
        #expect(Set(phases) == Set(PlaceImportProgress.Phase.allCases))
        #expect(phases.last == .done)
        #expect(phases.filter { $0 == .done }.count == 1)
        // Counts only grow and end at the result's.
        for (a, b) in zip(reports, reports.dropFirst()) {
            #expect(a.elementsRead <= b.elementsRead)
            #expect(a.placesWritten <= b.placesWritten)
            #expect(a.buildingsWritten <= b.buildingsWritten)
        }
        let last = try #require(reports.last)
        #expect(last.elementsRead == result.nodes + result.ways + result.relations)
        #expect(last.placesWritten == result.places)
        #expect(last.buildingsWritten == result.buildings)
        // Reading is over before ways resolve: every element was read by then.
        let firstResolving = try #require(reports.first { $0.phase == .resolvingWays })
        #expect(firstResolving.elementsRead == last.elementsRead)
        // Way places and buildings are written only after reading.
        let lastReading = try #require(reports.last { $0.phase == .reading })
        #expect(lastReading.buildingsWritten == 0)
        #expect(lastReading.placesWritten <= result.placesFromNodes)
    }

    static func order(_ phase: PlaceImportProgress.Phase) -> Int {
        PlaceImportProgress.Phase.allCases.firstIndex(of: phase) ?? -1
    }

    @Test("a small XML extract: every phase in order, a report per batch while ways resolve, final counts")
    func xmlExtract() throws {
        var xml = #"<?xml version="1.0" encoding="UTF-8"?><osm version="0.6">"#
        // Twenty square buildings, each also a place (a museum with a name), over 80 nodes.
        for building in 0..<20 {
            let base = building * 4
            let latitude = 60.17 + Double(building) * 0.001
            for (corner, (dy, dx)) in [(0.0, 0.0), (0.0, 0.0005), (0.0005, 0.0005), (0.0005, 0.0)].enumerated() {
                xml += #"<node id="\#(base + corner + 1)" lat="\#(latitude + dy)" lon="\#(24.94 + dx)"/>"#
            }
            xml += #"<way id="\#(1_000 + building)">"#
            for corner in [0, 1, 2, 3, 0] { xml += #"<nd ref="\#(base + corner + 1)"/>"# }
            xml += #"<tag k="building" v="yes"/><tag k="tourism" v="museum"/><tag k="name" v="Museo \#(building)"/></way>"#
        }
        xml += "</osm>"
        let directory = try TemporaryDirectory()
        let input = directory.path("small.osm")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: input))

        let recorder = Recorder()
        var importer = OSMPlaceImporter(batchSize: 5)
        importer.progress = { recorder.record($0) }
        let result = try importer.import(from: URL(fileURLWithPath: input), into: directory.path("small.sqlite"))
        #expect(result.places == 20)
        #expect(result.buildings == 20)
        let reports = recorder.all
        try Self.expectConsistent(reports, result)
        // 20 way places and 20 buildings in batches of 5: eight batches, a report after each
        // flush that wrote one (place and building batches fill together: four reports), plus the
        // report that opens the phase.
        let resolving = reports.filter { $0.phase == .resolvingWays }
        #expect(resolving.count == 5)
        #expect(resolving.map(\.buildingsWritten) == [0, 5, 10, 15, 20])
    }

    @Test(
        "a real extract: reports after every block while reading, ending at the result's counts",
        .enabled(if: SharedData.has("osm/monaco.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf"))))
    func realExtract() throws {
        let directory = try TemporaryDirectory()
        let recorder = Recorder()
        var importer = OSMPlaceImporter()
        importer.progress = { recorder.record($0) }
        let result = try importer.import(from: SharedData.url("osm/monaco.osm.pbf"), into: directory.path("monaco.sqlite"))
        let reports = recorder.all
        try Self.expectConsistent(reports, result)
        let reading = reports.filter { $0.phase == .reading }
        #expect(reading.count > 1)
        #expect(Set(reading.map(\.elementsRead)).count == reading.count)
    }

    @Test("without a callback the import is the same")
    func noCallback() throws {
        let xml = #"<?xml version="1.0"?><osm version="0.6"><node id="1" lat="60.17" lon="24.94"><tag k="amenity" v="cafe"/><tag k="name" v="Uno"/></node></osm>"#
        let directory = try TemporaryDirectory()
        let input = directory.path("one.osm")
        try Data(xml.utf8).write(to: URL(fileURLWithPath: input))
        let result = try OSMPlaceImporter().import(from: URL(fileURLWithPath: input), into: directory.path("one.sqlite"))
        #expect(result.places == 1)
    }
}
