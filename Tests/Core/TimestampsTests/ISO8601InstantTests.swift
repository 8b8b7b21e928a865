import Foundation
import Testing
import Timestamps

@Suite("ISO 8601 instants are read with any fraction of a second and any zone")
struct ISO8601InstantTests {
    /// 2022-01-28T02:43:26Z.
    static let whole = 1_643_337_806.0

    @Test(
        "fractions of 1, 3, 6 and 9 digits",
        arguments: [
            ("2022-01-28T02:43:26.5Z", 0.5),
            ("2022-01-28T02:43:26.125Z", 0.125),
            ("2022-01-28T02:43:26.123456Z", 0.123456),
            ("2022-01-28T02:43:26.987654321Z", 0.987654321),
        ])
    func fractions(text: String, fraction: Double) throws {
        let date = try ISO8601Instant.parse(text)
        #expect(abs(date.timeIntervalSince1970 - (Self.whole + fraction)) < 1e-5)
    }

    @Test("Z, +02:00, -05:30, +0200 and no fraction name the same kind of instant")
    func zones() throws {
        #expect(try ISO8601Instant.parse("2022-01-28T02:43:26Z").timeIntervalSince1970 == Self.whole)
        #expect(try ISO8601Instant.parse("2022-01-28T04:43:26+02:00").timeIntervalSince1970 == Self.whole)
        #expect(try ISO8601Instant.parse("2022-01-28T04:43:26+0200").timeIntervalSince1970 == Self.whole)
        #expect(try ISO8601Instant.parse("2022-01-27T21:13:26-05:30").timeIntervalSince1970 == Self.whole)
        let offset = try ISO8601Instant.parse("2022-01-28T04:43:26.25+02:00").timeIntervalSince1970
        #expect(abs(offset - (Self.whole + 0.25)) < 1e-6)
    }

    @Test("agrees with Foundation's formatter where that one reads the text")
    func agreesWithFoundation() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        for text in ["2026-11-23T14:00:00.123Z", "2000-02-29T23:59:59.999+01:00", "1969-12-31T23:59:59.500Z"] {
            let expected = try #require(formatter.date(from: text))
            #expect(abs(try ISO8601Instant.parse(text).timeIntervalSince(expected)) < 1e-6, "\(text)")
        }
    }

    @Test(
        "garbage is refused with a message naming the value",
        arguments: [
            "yesterday", "", "2022-01-28", "2022-01-28T02:43:26", "2022-01-28T02:43:26.Z", "2022-01-28T02:43:26.5",
            "2022-02-30T02:43:26Z", "2022-01-28T24:00:00Z", "2022-01-28T02:43:26+25:00", "2022-01-28T02:43:26Zjunk",
            "2022-01-28_02:43:26Z",
        ])
    func refusesGarbage(text: String) {
        let error = #expect(throws: ISO8601InstantError.self) { try ISO8601Instant.parse(text) }
        #expect(error?.value == text)
        #expect(error?.description.contains("'\(text)' is not an ISO 8601 instant") == true)
    }
}
