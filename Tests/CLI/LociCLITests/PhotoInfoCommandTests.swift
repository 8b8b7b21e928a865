import Foundation
import LociTestSupport
import Testing

@Suite(
    "loci photo-info, run as a process",
    .enabled(
        if: SharedData.has(
            "photos/exif-samples/heic/IMG_5195.HEIC", "photos/exif-samples/jpg/xmp/no_exif.jpg"),
        Comment(rawValue: SharedData.missingMessage("the photo samples (photos/exif-samples)"))))
struct PhotoInfoCommandTests {
    static let heic = SharedData.url("photos/exif-samples/heic/IMG_5195.HEIC").path
    static let noExif = SharedData.url("photos/exif-samples/jpg/xmp/no_exif.jpg").path
    static let fields: Set<String> = [
        "file", "format", "date_time_original", "sub_sec_time_original", "offset_time_original", "lat", "lon",
        "alt",
        "gps_timestamp", "img_direction", "orientation", "width", "height", "make", "model", "focal_length",
        "focal_length_35mm", "warnings",
    ]

    private func lines(_ stdout: String) throws -> [[String: Any]] {
        try stdout.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    @Test("--json prints one line per file with every field, null where absent, and exits 0")
    func jsonLines() throws {
        let result = try LociProcess.run("photo-info", "--json", Self.heic, Self.noExif)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let objects = try lines(result.stdout)
        try #require(objects.count == 2)
        let heic = objects[0]
        let plain = objects[1]
        #expect(Set(heic.keys) == Self.fields && Set(plain.keys) == Self.fields)
        // Expected values: exiftool 12.57 on the same file (photos/exif-samples-exiftool.csv).
        #expect(heic["file"] as? String == Self.heic)
        #expect(heic["date_time_original"] as? String == "2021:04:11 15:47:53")
        #expect(heic["offset_time_original"] as? String == "-05:00")
        #expect(abs((heic["lat"] as? Double ?? 0) - 39.0513444444444) < 1e-6)
        #expect(abs((heic["lon"] as? Double ?? 0) - -94.2887722222222) < 1e-6)
        #expect(abs((heic["alt"] as? Double ?? 0) - 260.5606383) < 1e-3)
        #expect(abs((heic["img_direction"] as? Double ?? 0) - 348.0553285) < 1e-3)
        #expect(heic["make"] as? String == "Apple" && heic["model"] as? String == "iPhone 11 Pro Max")
        #expect(heic["width"] as? Int == 2566 && heic["height"] as? Int == 3313)
        #expect(heic["focal_length_35mm"] as? Double == 26)
        #expect(plain["date_time_original"] is NSNull && plain["lat"] is NSNull && plain["make"] is NSNull)
        #expect(plain["width"] as? Int == 322 && plain["height"] as? Int == 466)
        #expect((heic["warnings"] as? [String])?.isEmpty == true)
    }

    /// The DSCN0010 sample with its GPSLatitude value offset moved past the end of the file.
    private func brokenLatitudeCopy() throws -> String {
        var bytes = [UInt8](try Data(contentsOf: SharedData.url("photos/exif-samples/jpg/gps/DSCN0010.jpg")))
        // Little-endian TIFF at 12; find the GPS IFD through IFD0's 0x8825 entry, then its 0x0002 entry.
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
        let tiff = 12
        let ifd0 = tiff + u32(tiff + 4)
        let gpsEntry = try #require((0..<u16(ifd0)).map { ifd0 + 2 + 12 * $0 }.first { u16($0) == 0x8825 })
        let gps = tiff + u32(gpsEntry + 8)
        let latitude = try #require((0..<u16(gps)).map { gps + 2 + 12 * $0 }.first { u16($0) == 0x0002 })
        bytes.replaceSubrange((latitude + 8)..<(latitude + 12), with: [0xF0, 0xFF, 0xFF, 0x7F])
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-broken-lat-\(UUID()).jpg"
        ).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(
        "a broken tag is a warning beside the values that read, in --json and in text; exit 0",
        .enabled(if: SharedData.has("photos/exif-samples/jpg/gps/DSCN0010.jpg")))
    func warnings() throws {
        let path = try brokenLatitudeCopy()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try LociProcess.run("photo-info", "--json", path)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let object = try #require(try lines(result.stdout).first)
        #expect(Set(object.keys) == Self.fields)
        // exiftool 12.57 on the same copy: date and longitude read, "Bad offset for GPS GPSLatitude".
        #expect(object["date_time_original"] as? String == "2008:10:22 16:28:39")
        #expect(abs((object["lon"] as? Double ?? 0) - 11.8851266666639) < 1e-6)
        #expect(object["lat"] is NSNull)
        let warnings = try #require(object["warnings"] as? [String])
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("skipped GPS IFD tag 0x0002 (GPSLatitude)") == true)
        let text = try LociProcess.run("photo-info", path)
        #expect(text.status == 0)
        #expect(text.stdout.contains("  warning       at byte ") && text.stdout.contains("GPSLatitude"))
        #expect(text.stdout.contains("2008:10:22 16:28:39"))
    }

    @Test("a directory and a missing file are error lines; the other files are still read; exit 1")
    func errorsContinue() throws {
        let folder = SharedData.url("photos/exif-samples/heic").path
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-no-such-\(UUID()).jpg"
        ).path
        let result = try LociProcess.run("photo-info", "--json", folder, missing, Self.noExif)
        #expect(result.status == 1)
        let objects = try lines(result.stdout)
        try #require(objects.count == 3)
        #expect(objects[0]["file"] as? String == folder)
        #expect((objects[0]["error"] as? String)?.contains("directory") == true)
        #expect(objects[1]["file"] as? String == missing && objects[1]["error"] is String)
        #expect(objects[2]["width"] as? Int == 322)
    }

    @Test("text output names the file and its capture time; an unreadable file goes to stderr")
    func text() throws {
        let result = try LociProcess.run("photo-info", Self.heic, "/dev/null/nothing")
        #expect(result.status == 1)
        #expect(result.stdout.contains(Self.heic) && result.stdout.contains("2021:04:11 15:47:53.054 -05:00"))
        #expect(result.stderr.contains("/dev/null/nothing"))
    }
}
