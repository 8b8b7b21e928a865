import Foundation
import Testing

@testable import LibraryKit

@Suite("Library times")
struct LibraryTimeTests {
    // Expected milliseconds from Python's datetime.fromisoformat(...).timestamp().
    @Test(
        "ISO 8601 times read and write as whole milliseconds",
        arguments: [
            ("2026-11-22T16:41:02.123Z", Int64(1_795_365_662_123)), ("1969-12-31T23:59:59.999Z", -1),
            ("2000-02-29T12:00:00.000Z", 951_825_600_000), ("1900-03-01T00:00:00.000Z", -2_203_891_200_000),
        ])
    func roundTrip(text: String, milliseconds: Int64) throws {
        let date = try #require(LibraryTime.parse(text))
        #expect(LibraryTime.milliseconds(date) == milliseconds)
        #expect(LibraryTime.format(LibraryTime.date(milliseconds: milliseconds)) == text)
    }

    @Test("Offsets and missing fractions are read; nonsense is refused")
    func variants() {
        #expect(
            LibraryTime.parse("2026-11-22T18:41:02+02:00").map(LibraryTime.milliseconds) == 1_795_365_662_000)
        #expect(
            LibraryTime.parse("2026-11-22T16:41:02.1234Z").map(LibraryTime.milliseconds) == 1_795_365_662_123)
        for bad in [
            "", "2026-13-01T00:00:00Z", "2026-11-22 16:41:02", "2026-11-22T16:41:02.Z",
            "2026-11-22T16:41:02Zjunk", "yesterday",
        ] {
            #expect(LibraryTime.parse(bad) == nil, "\(bad)")
        }
    }
}
