import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci geocode forward, run as a process",
    .enabled(
        if: SharedData.has("geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("geo/gazetteer-cities500.tsv.gz"))))
struct GeocodeForwardCommandTests {
    static let gazetteer = SharedData.url("geo/gazetteer-cities500.tsv.gz").path

    @Test("--near picks the nearest Portland; positions are the file's (GeoNames 4975802)")
    func portland() throws {
        // An empty data directory: no default place database, towns only.
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-no-data-\(UUID().uuidString)")
        let result = try LociProcess.run(
            [
                "geocode", "forward", "Portland", "--near", "45.5,-73.5", "--limit", "2", "--gazetteer",
                Self.gazetteer,
                "--json",
            ],
            environment: ["LOCI_DATA_DIR": empty.path])
        #expect(result.status == 0, "\(result.stderr)")
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows.first?["label"] as? String == "Portland, Maine")
        #expect(rows.first?["lat"] as? Double == 43.65737)
        #expect(rows.first?["lon"] as? Double == -70.2589)
        #expect(rows.first?["kind"] as? String == "locality")
    }

    @Test("an explicit --db that does not exist is an error naming it")
    func missingDatabase() throws {
        let result = try LociProcess.run(
            "geocode", "forward", "Ateneum", "--gazetteer", Self.gazetteer, "--db",
            "/nonexistent/places.sqlite")
        #expect(result.status != 0)
        #expect(result.stderr.contains("/nonexistent/places.sqlite"))
    }
}
