import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci geocode, run as a process",
    .enabled(
        if: SharedData.has("geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("geo/gazetteer-cities500.tsv.gz"))))
struct GeocodeCommandTests {
    static let gazetteer = SharedData.url("geo/gazetteer-cities500.tsv.gz").path

    @Test(
        "reverse --json labels a point in Kallio with Helsinki's zone; a missing gazetteer says to fetch it")
    func reverseKallio() throws {
        let result = try LociProcess.run(
            "geocode", "reverse", "60.1845,24.9496", "--gazetteer", Self.gazetteer, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(json["label"] as? String == "Kallio, Helsinki")
        #expect(json["name"] as? String == "Kallio")
        #expect(json["locality"] as? String == "Helsinki")
        #expect(json["neighbourhood"] as? String == "Kallio")
        #expect(json["admin1"] as? String == "Uusimaa")
        #expect(json["country_code"] as? String == "FI")
        #expect(json["time_zone"] as? String == "Europe/Helsinki")
        #expect(json["lat"] as? Double == 60.1845 && json["lon"] as? Double == 24.9496)
        let distance = try #require(json["distance_m"] as? Double)
        #expect(distance > 0 && distance < 100)

        let sea = try LociProcess.run("geocode", "reverse", "35,-40", "--gazetteer", Self.gazetteer, "--json")
        #expect(sea.status == 0)
        #expect(try sea.json()["label"] is NSNull)

        let empty = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-no-data-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = LociProcess.executable
        process.arguments = ["geocode", "reverse", "60.1845,24.9496"]
        process.environment = ["LOCI_DATA_DIR": empty.path]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(message.contains("scripts/fetch-data"))
    }
}
