import Foundation
import LociTestSupport
import Testing

/// `loci identify` as a user runs it.
@Suite struct IdentifyCommandTests {
    @Test(
        .enabled(
            if: SharedData.has("osm/nyc-west-village.osm.pbf"),
            Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
    func explicitCaptureOverTheImportedStore() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "identify-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("wv.sqlite").path
        let imported = try LociProcess.run(
            "import", SharedData.url("osm/nyc-west-village.osm.pbf").path, "--db", db)
        #expect(imported.status == 0)
        let result = try LociProcess.run(
            "identify", "--at", "40.7336,-74.0027", "--fov", "67", "--size", "4032x3024", "--tap",
            "2016,1000",
            "--heading", "30", "--accuracy", "5", "--pitch", "10", "--db", db, "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        // The tap is 512 px above the centre: 10° + atan(512 / (2016 / tan 33.5°)) = 19.5° up, azimuth 30°.
        #expect(abs((json["tap_azimuth"] as? Double ?? 0) - 30) < 1e-6)
        #expect(abs((json["tap_elevation"] as? Double ?? 0) - 19.5) < 0.05)
        let candidates = try #require(json["candidates"] as? [[String: Any]])
        #expect(!candidates.isEmpty)
        for key in ["kind", "id", "confidence", "distance", "azimuth", "elevation", "reason"] {
            #expect(candidates.allSatisfy { $0[key] != nil }, "every candidate has \(key)")
        }
        let confidences = candidates.compactMap { $0["confidence"] as? Double }
        #expect(confidences == confidences.sorted(by: >))
    }

    @Test(
        .enabled(
            if: SharedData.has("photos/exif-samples/heic/samplefilehub.heif"),
            Comment(rawValue: SharedData.missingMessage("the EXIF samples"))))
    func photoWithoutGPSIsAClearError() throws {
        let result = try LociProcess.run(
            "identify", "--photo", SharedData.url("photos/exif-samples/heic/samplefilehub.heif").path,
            "--tap", "10,10",
            "--db", "/nonexistent/none.sqlite")
        #expect(result.status != 0)
        #expect(result.stderr.contains("missing GPS position"))
    }

    @Test func malformedAircraftFeedNamesTheField() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "feed-\(UUID().uuidString).json")
        try Data(#"{"now": 1, "aircraft": [{"hex": "abc", "lat": "x", "lon": 1}]}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try LociProcess.run(
            "identify", "--at", "40,-74", "--fov", "60", "--size", "400x300", "--tap", "200,150", "--heading",
            "0",
            "--aircraft", file.path, "--db", "/nonexistent-dir/x.sqlite")
        #expect(result.status != 0)
        #expect(result.stderr.contains("aircraft[0].lat: expected a number, got a string"))
    }

    @Test func tapOutsideTheImageIsRefused() throws {
        let result = try LociProcess.run(
            "identify", "--at", "40,-74", "--fov", "60", "--size", "400x300", "--tap", "500,150", "--heading",
            "0")
        #expect(result.status != 0)
        #expect(result.stderr.contains("outside the 400×300 image"))
    }
    @Test(
        "values out of range (accuracy 1e308 or 1e9, heading 400 or −1e308) exit non-zero at once with one line naming the option",
        arguments: [
            ("--accuracy", "1e308"), ("--accuracy", "1e9"), ("--heading", "400"), ("--heading", "-1e308"),
            ("--alt", "1e308"), ("--roll", "1e300"),
        ])
    func outOfRangeIsRefused(option: String, value: String) throws {
        var arguments = [
            "identify", "--at", "40,-74", "--fov", "60", "--size", "400x300", "--tap", "200,150", "--heading", "0",
        ]
        arguments += [option, value]
        let result = try LociProcess.run(arguments)
        #expect(result.status != 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(result.stderr)")
        #expect(result.stderr.contains("\(option): "), "\(result.stderr)")
        #expect(result.stderr.contains("out of range"), "\(result.stderr)")
    }

    @Test("--focal-length-35mm gives the field of view as the route's focal_length_35mm does; with --fov it is refused")
    func focalLength() throws {
        let result = try LociProcess.run(
            "identify", "--at", "40,-74", "--focal-length-35mm", "26", "--size", "4000x3000", "--tap", "4000,1500",
            "--heading", "0", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        // The right edge of a 4:3 frame at 26 mm: half the field of view, 2·atan(17.31/26)/2 = 33.65°.
        let json = try result.json()
        let azimuth = json["tap_azimuth"] as? Double ?? 0
        #expect(abs(azimuth - 33.65) < 0.01, "\(azimuth)")
        // No place store, snapshot or quota: the CLI's own members are null, never left out.
        for key in ["buildings_source", "aircraft_count", "quota_remaining"] { #expect(json[key] is NSNull, "\(key)") }
        let both = try LociProcess.run(
            "identify", "--at", "40,-74", "--focal-length-35mm", "26", "--fov", "60", "--size", "4000x3000", "--tap",
            "1,1", "--heading", "0")
        #expect(both.status != 0)
        #expect(both.stderr.contains("--fov or --focal-length-35mm"))
    }
}
