import Foundation
import GeoKit
import Testing
import WrappedKit

@Suite("PhotoKit fields → PhotoAsset (what the adapter reads, decided here)")
struct LibraryAssetFieldsTests {
    /// 2025-06-01 21:30:00 UTC.
    let created = Date(timeIntervalSince1970: 1_748_813_400)

    @Test("a creation date alone is an instant; the device or location zone gives its local day")
    func instant() {
        let asset = PhotoAsset(
            libraryAsset: LibraryAssetFields(identifier: "A/L0/001", creationDate: created))
        #expect(asset.captureTime == .instant(1_748_813_400))
        #expect(asset.id == "A/L0/001")
        #expect(asset.localPath == nil)
    }

    @Test("with OffsetTimeOriginal the camera's wall clock is kept, so the local day is the camera's")
    func offset() throws {
        let fields = LibraryAssetFields(identifier: "a", creationDate: created, offsetTimeOriginal: "+03:00")
        let asset = PhotoAsset(libraryAsset: fields)
        let wall = try #require(
            LocalDateTime(date: LocalDate(year: 2025, month: 6, day: 2)!, hour: 0, minute: 30, second: 0))
        #expect(asset.captureTime == .wallClock(wall, offsetSeconds: 10_800))
        let resolved = LocalTimeResolver(lookup: nil, deviceZone: TimeZone(identifier: "UTC")!)
        var zones: [String: TimeZone] = [:]
        let photo = try #require(resolved.resolve(asset, zones: &zones))
        #expect(photo.source == .exifOffset)
        #expect(photo.instant == 1_748_813_400)
    }

    @Test("an unreadable offset falls back to the instant")
    func badOffset() {
        let asset = PhotoAsset(
            libraryAsset: LibraryAssetFields(
                identifier: "a", creationDate: created, offsetTimeOriginal: "+25:00"))
        #expect(asset.captureTime == .instant(1_748_813_400))
    }

    @Test(
        "a location counts only when valid, in range, not (0, 0) and with a non-negative accuracy",
        arguments: [
            (60.17, 24.94, 5.0, true), (60.17, 24.94, -1.0, false), (0.0, 0.0, 5.0, false),
            (91.0, 24.94, 5.0, false), (-33.9, 151.2, 0.0, true),
        ])
    func location(lat: Double, lon: Double, accuracy: Double, valid: Bool) {
        let fields = LibraryAssetFields(
            identifier: "a", creationDate: created, latitude: lat, longitude: lon,
            horizontalAccuracy: accuracy)
        #expect((PhotoAsset(libraryAsset: fields).coordinate != nil) == valid)
        #expect(fields.needsOffsetTimeOriginal == !valid)
    }

    @Test("the original is read for its offset only for a dated photo without a location")
    func needsOriginal() {
        #expect(LibraryAssetFields(identifier: "a", creationDate: created).needsOffsetTimeOriginal)
        #expect(!LibraryAssetFields(identifier: "a", creationDate: nil).needsOffsetTimeOriginal)
        #expect(
            !LibraryAssetFields(identifier: "a", creationDate: created, latitude: 60, longitude: 24)
                .needsOffsetTimeOriginal)
    }

    @Test("pixel sizes of 0 are unknown; an undated asset has no capture time")
    func sizes() {
        let asset = PhotoAsset(
            libraryAsset: LibraryAssetFields(
                identifier: "a", creationDate: nil, pixelWidth: 0, pixelHeight: 3024))
        #expect(asset.pixelWidth == nil)
        #expect(asset.pixelHeight == 3024)
        #expect(asset.captureTime == nil)
    }

    @Test(
        "EXIF offsets parse as seconds east of UTC",
        arguments: [
            ("+02:00", 7_200), ("-05:00", -18_000), ("+0530", 19_800), (" +14:00\0", 50_400),
            ("-12:00", -43_200),
            ("+05:45", 20_700),
        ])
    func offsets(text: String, seconds: Int) {
        #expect(UTCOffset.seconds(parsing: text) == seconds)
    }

    @Test(
        "malformed or impossible offsets are refused",
        arguments: ["", "02:00", "+2:00", "+14:30", "-13:00", "+01:60", "+0:100", "+ab:cd", "Z"])
    func badOffsets(text: String) {
        #expect(UTCOffset.seconds(parsing: text) == nil)
    }
}
