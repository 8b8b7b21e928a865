import Foundation
import Testing

@testable import PlaceKit

/// DST days: Helsinki 2025-03-30 (03:00 EET → 04:00 EEST) and 2025-10-26 (04:00 EEST →
/// 03:00 EET); New York 2025-03-09 (02:00 EST → 03:00 EDT) and 2025-11-02 (02:00 EDT →
/// 01:00 EST). Expected instants carry the offset in force at that local time.
@Suite("Opening hours across DST changes")
struct OpeningHoursDSTTests {
    static let cases: [OpeningHoursCase] = [
        // Helsinki spring forward.
        .init("Mo-Su 08:00-18:00", "2025-03-29T20:00:00+02:00", .closed, "2025-03-30T08:00:00+03:00"),
        .init("Sa 22:00-04:00", "2025-03-29T23:00:00+02:00", .open, "2025-03-30T04:00:00+03:00"),
        .init("Su 02:00-05:00", "2025-03-30T02:30:00+02:00", .open, "2025-03-30T05:00:00+03:00"),
        // 03:30 does not exist that day: it resolves to the instant after the gap, 04:30 EEST.
        .init("Su 03:30-05:00", "2025-03-30T02:30:00+02:00", .closed, "2025-03-30T04:30:00+03:00"),
        // Helsinki fall back.
        .init("Sa 22:00-04:00", "2025-10-25T23:00:00+03:00", .open, "2025-10-26T04:00:00+02:00"),
        .init("Mo-Su 08:00-18:00", "2025-10-26T12:00:00+02:00", .open, "2025-10-26T18:00:00+02:00"),
        // New York spring forward.
        .init(
            "Mo-Fr 09:00-17:00", "2025-03-08T12:00:00-05:00", .closed, "2025-03-10T09:00:00-04:00",
            zone: "America/New_York"),
        .init(
            "Sa 20:00-03:00", "2025-03-08T23:00:00-05:00", .open, "2025-03-09T03:00:00-04:00",
            zone: "America/New_York"),
        // New York fall back.
        .init(
            "Sa 20:00-03:00", "2025-11-01T21:00:00-04:00", .open, "2025-11-02T03:00:00-05:00",
            zone: "America/New_York"),
        .init(
            "Mo-Su 09:00-17:00", "2025-11-02T08:00:00-05:00", .closed, "2025-11-02T09:00:00-05:00",
            zone: "America/New_York"),
    ]

    @Test("statuses and next changes follow local wall-clock time", arguments: cases)
    func evaluates(_ testCase: OpeningHoursCase) throws {
        try testCase.check()
    }

    @Test("the zone database is installed")
    func zoneDatabase() {
        #expect(FileManager.default.fileExists(atPath: "/usr/share/zoneinfo/Europe/Helsinki"))
    }
}
