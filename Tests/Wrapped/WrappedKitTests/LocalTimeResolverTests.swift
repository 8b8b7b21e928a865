import Foundation
import GeoKit
import Testing
@testable import WrappedKit

@Suite("Local time: EXIF offset, then the location's zone, then the device zone")
struct LocalTimeResolverTests {
    let newYork = Coordinate(uncheckedLatitude: 40.73, longitude: -74.0)
    let helsinki = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
    var lookup: TableLookup {
        TableLookup(entries: [
            (newYork, 50_000, "New York", "America/New_York"), (helsinki, 50_000, "Helsinki", "Europe/Helsinki"),
        ])
    }

    @Test("an EXIF offset wins: 23:30 at −04:00 stays on its local day and is 03:30 UTC the next day")
    func exifOffset() throws {
        let resolver = LocalTimeResolver(lookup: lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
        var zones: [String: TimeZone] = [:]
        let photo = Library.photo("a", "2025-07-04 23:30:00", 40.73, -74.0, offset: -4 * 3_600)
        let resolved = try #require(resolver.resolve(photo, zones: &zones))
        #expect(resolved.source == .exifOffset)
        #expect(resolved.local.date.description == "2025-07-04")
        #expect(resolved.instant == 1_751_686_200)  // 2025-07-05T03:30:00Z
    }

    @Test("without an offset the location's zone gives the instant (EDT in July, EST in January)")
    func locationZone() throws {
        let resolver = LocalTimeResolver(lookup: lookup, deviceZone: TimeZone(identifier: "UTC")!)
        var zones: [String: TimeZone] = [:]
        let july = try #require(resolver.resolve(Library.photo("j", "2025-07-04 23:30:00", 40.7, -74.0, offset: nil), zones: &zones))
        let january = try #require(resolver.resolve(Library.photo("n", "2025-01-04 23:30:00", 40.7, -74.0, offset: nil), zones: &zones))
        #expect(july.source == .locationZone)
        #expect(july.instant == 1_751_686_200)  // 23:30 EDT = 03:30Z next day
        #expect(january.instant == 1_736_051_400)  // 23:30 EST = 04:30Z next day
        #expect(july.local.date.description == "2025-07-04")
    }

    @Test("without offset or location the device zone is used and said")
    func deviceZone() throws {
        let resolver = LocalTimeResolver(lookup: lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
        var zones: [String: TimeZone] = [:]
        let photo = try #require(resolver.resolve(Library.photo("d", "2025-01-10 12:00:00", nil, nil, offset: nil), zones: &zones))
        #expect(photo.source == .deviceZone)
        #expect(photo.instant == 1_736_503_200)  // 12:00 EET (+02:00) = 10:00Z
    }

    @Test("a PhotoKit instant becomes local time in the location's zone: 02:00Z is the previous evening in New York")
    func instantToLocal() throws {
        let resolver = LocalTimeResolver(lookup: lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
        var zones: [String: TimeZone] = [:]
        let asset = PhotoAsset(id: "i", captureTime: .instant(1_751_680_800), coordinate: newYork)  // 2025-07-05T02:00:00Z
        let photo = try #require(resolver.resolve(asset, zones: &zones))
        #expect(photo.local.description == "2025-07-04T22:00:00")
        #expect(photo.source == .locationZone)
    }

    @Test("a photo without a capture time is not resolved")
    func undated() {
        let resolver = LocalTimeResolver(lookup: nil, deviceZone: TimeZone(identifier: "UTC")!)
        var zones: [String: TimeZone] = [:]
        #expect(resolver.resolve(PhotoAsset(id: "x", captureTime: nil, coordinate: nil), zones: &zones) == nil)
    }
}

@Suite("Ranges")
struct WrappedRangeTests {
    @Test("named ranges resolve against today")
    func named() throws {
        let today = try #require(LocalDate(iso: "2026-03-10"))
        #expect(try WrappedRange(parsing: "this-year").days(today: today) == LocalDate(iso: "2026-01-01")!...today)
        #expect(try WrappedRange(parsing: "last-year").days(today: today) == LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-12-31")!)
        #expect(try WrappedRange(parsing: "last-30-days").days(today: today) == LocalDate(iso: "2026-02-09")!...today)
        #expect(try WrappedRange(parsing: "2000-01-01..2030-01-01").days(today: today) == LocalDate(iso: "2000-01-01")!...LocalDate(iso: "2030-01-01")!)
    }

    @Test("bad ranges say what is wrong", arguments: ["", "2025", "2025-01-01..", "2025-02-30..2025-03-01", "2025-03-01..2025-02-01", "this_year"])
    func refused(text: String) {
        #expect(throws: WrappedError.self) { try WrappedRange(parsing: text) }
    }
}
