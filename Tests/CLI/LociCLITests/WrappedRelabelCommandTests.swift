import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci wrapped before and after scripts/fetch-data",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))))
struct WrappedRelabelCommandTests {
    @Test("without the gazetteer: 'Near …', said once with scripts/fetch-data; with it: Arezzo, no photo read")
    func relabelsAfterFetch() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("wrapped-relabel-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "wrapped", SharedData.url("photos/exif-samples").path, "--range", "2000-01-01..2030-01-01", "--time-zone",
            "Europe/Helsinki",
        ]
        let environment: [String: String?] = ["LOCI_DATA_DIR": data.path]

        let before = try LociProcess.run(arguments, environment: environment)
        #expect(before.status == 0, "\(before.stderr)")
        #expect(before.stdout.contains("Near 43.47°N, 11.88°E"), "\(before.stdout)")
        #expect(before.stderr.components(separatedBy: "scripts/fetch-data").count == 2, "\(before.stderr)")
        #expect(before.stderr.contains("Reading photos"))

        try FileManager.default.copyItem(
            at: SharedData.url("geo/gazetteer-cities500.tsv.gz"),
            to: data.appendingPathComponent("gazetteer-cities500.tsv.gz"))
        let after = try LociProcess.run(arguments, environment: environment)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stdout.contains("Arezzo"), "\(after.stdout)")
        #expect(!after.stdout.contains("Near 43.47°N, 11.88°E"), "\(after.stdout)")
        #expect(!after.stderr.contains("Reading photos"), "\(after.stderr)")
        #expect(!after.stderr.contains("fetch-data"), "\(after.stderr)")
    }
}
