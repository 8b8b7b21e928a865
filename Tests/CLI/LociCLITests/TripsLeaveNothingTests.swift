import Foundation
import Testing

/// A `loci trips` command that fails, or only reads, leaves no trips database behind.
@Suite("loci trips writes a database only when it makes a trip")
struct TripsLeaveNothingTests {
    /// Runs `loci` with a fresh, empty data folder; returns the result and the folder's contents.
    static func run(_ arguments: [String]) throws -> (result: LociProcess.Result, files: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-trips-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let places = folder.appendingPathComponent("places.geojson")
        try Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.94,60.17]},"properties":{"name":"Kiasma"}}]}"#.utf8)
            .write(to: places)
        let data = folder.appendingPathComponent("data")
        let result = try LociProcess.run(
            arguments.map { $0 == "PLACES" ? places.path : $0 }, environment: ["LOCI_DATA_DIR": data.path])
        let files = (try? FileManager.default.contentsOfDirectory(atPath: data.path)) ?? []
        return (result, files.sorted())
    }

    @Test("importing into a trip that does not exist fails and creates nothing")
    func importMissingTrip() throws {
        let (result, files) = try Self.run(["trips", "import", "Lisbon", "PLACES"])
        #expect(result.status != 0)
        #expect(result.stderr.contains("no trips yet"), "\(result.stderr)")
        #expect(files.isEmpty, "\(files)")
    }

    @Test("listing before any trip says so and creates nothing")
    func listFresh() throws {
        let (result, files) = try Self.run(["trips", "list"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("No trips yet"))
        #expect(files.isEmpty, "\(files)")
    }

    @Test("a refused first trip leaves no database; an accepted one makes it")
    func createRefused() throws {
        let refused = try Self.run(["trips", "create", "Lisbon", "--time-zone", "Mars/Olympus"])
        #expect(refused.result.status != 0)
        #expect(refused.files.isEmpty, "\(refused.files)")
        let made = try Self.run(["trips", "create", "Lisbon"])
        #expect(made.result.status == 0, "\(made.result.stderr)")
        #expect(made.files.contains("trips.sqlite"), "\(made.files)")
    }
}
