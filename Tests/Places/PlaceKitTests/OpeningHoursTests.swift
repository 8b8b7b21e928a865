import Foundation
import Testing

@testable import PlaceKit

/// Days used below (2025, Helsinki summer time +03:00): Mo 06-02, Tu 06-03, We 06-04,
/// Th 06-05 (first Thursday of June), Fr 06-06, Sa 06-07, Su 06-08, Mo 06-09.
@Suite("Opening hours")
struct OpeningHoursTests {
    static let cases: [OpeningHoursCase] = [
        // Always open, weekday ranges, edges.
        .init("24/7", "2025-06-02T10:00:00+03:00", .open, nil),
        .init("Mo-Fr 08:00-18:00", "2025-06-02T10:00:00+03:00", .open, "2025-06-02T18:00:00+03:00"),
        .init("Mo-Fr 08:00-18:00", "2025-06-02T07:59:00+03:00", .closed, "2025-06-02T08:00:00+03:00"),
        .init("Mo-Fr 08:00-18:00", "2025-06-02T18:00:00+03:00", .closed, "2025-06-03T08:00:00+03:00"),
        .init("Mo-Fr 08:00-18:00", "2025-06-07T12:00:00+03:00", .closed, "2025-06-09T08:00:00+03:00"),
        .init("Mo-Fr 08:00-18:00", "2025-06-06T17:59:00+03:00", .open, "2025-06-06T18:00:00+03:00"),
        // Several spans in one rule.
        .init(
            "Mo-Fr 08:00-12:00,13:00-17:00", "2025-06-02T12:30:00+03:00", .closed, "2025-06-02T13:00:00+03:00"
        ),
        .init(
            "Mo-Fr 08:00-12:00,13:00-17:00", "2025-06-02T11:00:00+03:00", .open, "2025-06-02T12:00:00+03:00"),
        .init(
            "Mo-Fr 09:00-17:00, 18:00-20:00", "2025-06-02T17:30:00+03:00", .closed,
            "2025-06-02T18:00:00+03:00"),
        // Later rules override earlier ones on their days; off with times cuts only those times.
        .init("Mo-Fr 09:00-17:00; We off", "2025-06-04T10:00:00+03:00", .closed, "2025-06-05T09:00:00+03:00"),
        .init(
            "Mo-Fr 09:00-17:00; We 12:00-14:00 off", "2025-06-04T10:00:00+03:00", .open,
            "2025-06-04T12:00:00+03:00"),
        .init(
            "Mo-Su 10:00-20:00; Su 12:00-16:00", "2025-06-08T11:00:00+03:00", .closed,
            "2025-06-08T12:00:00+03:00"),
        .init(
            "Mo-Su 10:00-20:00; Su 12:00-16:00", "2025-06-07T19:00:00+03:00", .open,
            "2025-06-07T20:00:00+03:00"),
        .init(
            "Mo-Fr 10:00-18:00; 10:00-15:00", "2025-06-02T16:00:00+03:00", .closed,
            "2025-06-03T10:00:00+03:00"),
        // Over midnight: the span belongs to the day it starts on.
        .init("Fr-Sa 22:00-04:00", "2025-06-07T02:00:00+03:00", .open, "2025-06-07T04:00:00+03:00"),
        .init("Fr-Sa 22:00-04:00", "2025-06-08T03:00:00+03:00", .open, "2025-06-08T04:00:00+03:00"),
        .init("Fr-Sa 22:00-04:00", "2025-06-02T02:00:00+03:00", .closed, "2025-06-06T22:00:00+03:00"),
        .init("Fr-Sa 22:00-04:00", "2025-06-05T23:00:00+03:00", .closed, "2025-06-06T22:00:00+03:00"),
        .init(
            "Mo-Su 17:00-04:00; Su 19:00-02:30", "2025-06-08T03:00:00+03:00", .open,
            "2025-06-08T04:00:00+03:00"),
        .init(
            "Mo-Su 17:00-04:00; Su 19:00-02:30", "2025-06-08T18:00:00+03:00", .closed,
            "2025-06-08T19:00:00+03:00"),
        .init(
            "Mo-Su 17:00-04:00; Su 19:00-02:30", "2025-06-09T02:00:00+03:00", .open,
            "2025-06-09T02:30:00+03:00"),
        .init("11:00-26:00", "2025-06-02T01:00:00+03:00", .open, "2025-06-02T02:00:00+03:00"),
        // 24:00 and contiguous days.
        .init("Mo-Fr 08:00-24:00", "2025-06-02T23:00:00+03:00", .open, "2025-06-03T00:00:00+03:00"),
        .init(
            "Mo 10:00-24:00; Tu 00:00-02:00", "2025-06-02T23:00:00+03:00", .open, "2025-06-03T02:00:00+03:00"),
        .init("Mo-Sa 00:00-24:00", "2025-06-02T12:00:00+03:00", .open, "2025-06-08T00:00:00+03:00"),
        .init("Mo-Su 00:00-24:00", "2025-06-02T12:00:00+03:00", .open, nil),
        .init("24/7; Su off", "2025-06-07T12:00:00+03:00", .open, "2025-06-08T00:00:00+03:00"),
        // Weekday lists and wrapping ranges; rules with no weekday.
        .init("Sa,Su 10:00-16:00", "2025-06-08T10:00:00+03:00", .open, "2025-06-08T16:00:00+03:00"),
        .init("Mo-Fr,Su 10:00-16:00", "2025-06-07T12:00:00+03:00", .closed, "2025-06-08T10:00:00+03:00"),
        .init("Fr-Mo 10:00-16:00", "2025-06-02T12:00:00+03:00", .open, "2025-06-02T16:00:00+03:00"),
        .init("Fr-Mo 10:00-16:00", "2025-06-03T12:00:00+03:00", .closed, "2025-06-06T10:00:00+03:00"),
        .init("10:00-20:00", "2025-06-04T21:00:00+03:00", .closed, "2025-06-05T10:00:00+03:00"),
        .init("mo-sa 8:30-20:00", "2025-06-07T20:00:00+03:00", .closed, "2025-06-09T08:30:00+03:00"),
        .init("Mo-Fr 10-18", "2025-06-02T17:00:00+03:00", .open, "2025-06-02T18:00:00+03:00"),
        // Off / closed.
        .init("closed", "2025-06-02T12:00:00+03:00", .closed, nil),
        .init("off", "2025-06-02T12:00:00+03:00", .closed, nil),
        .init(
            "Mo-Fr 10:00-18:00; Sa 10:00-14:00, Su closed", "2025-06-07T15:00:00+03:00", .closed,
            "2025-06-09T10:00:00+03:00"),
        // Additional rules (comma) add without replacing.
        .init(
            "Mo-Fr 10:00-18:00, We 19:00-21:00", "2025-06-04T18:30:00+03:00", .closed,
            "2025-06-04T19:00:00+03:00"),
        .init(
            "Mo-Fr 10:00-18:00, We 19:00-21:00", "2025-06-04T12:00:00+03:00", .open,
            "2025-06-04T18:00:00+03:00"),
        // Holidays are unknown to us: PH-only rules are skipped.
        .init("Mo-Fr 09:00-17:00; PH off", "2025-06-02T12:00:00+03:00", .open, "2025-06-02T17:00:00+03:00"),
        .init("PH off", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("PH 10:00-14:00", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("Su,PH 10:00-14:00", "2025-06-08T12:00:00+03:00", .open, "2025-06-08T14:00:00+03:00"),
        .init("SH Mo-Fr 09:00-12:00", "2025-06-02T10:00:00+03:00", .unknown, nil),
        // Fallback and unknown.
        .init("Mo-Fr 09:00-17:00 || \"by appointment\"", "2025-06-07T12:00:00+03:00", .unknown, nil),
        .init(
            "Mo-Fr 09:00-17:00 || \"by appointment\"", "2025-06-02T18:00:00+03:00", .closed,
            "2025-06-03T09:00:00+03:00"),
        .init("Mo-Fr 08:00-18:00; Sa 09:00-14:00 unknown", "2025-06-07T10:00:00+03:00", .unknown, nil),
        .init(
            "Tu-Su 10:00-18:00 \"closed on holidays\"", "2025-06-03T12:00:00+03:00", .open,
            "2025-06-03T18:00:00+03:00"),
        .init("Mo-Fr 16:00+", "2025-06-02T17:00:00+03:00", .open, nil),
        // Months, dates, nth weekdays.
        .init(
            "Jan-Mar 10:00-16:00; Apr-Oct 09:00-20:00", "2025-06-02T19:00:00+03:00", .open,
            "2025-06-02T20:00:00+03:00"),
        .init("Jan-Mar: Mo-Fr 10:00-16:00", "2025-06-02T12:00:00+03:00", .closed, nil),
        .init(
            "Mo-Fr 09:00-17:00; Jun 06 off", "2025-06-06T12:00:00+03:00", .closed, "2025-06-09T09:00:00+03:00"
        ),
        .init(
            "Mo-Fr 10:00-18:00; Jun 02-Jun 04 off", "2025-06-02T12:00:00+03:00", .closed,
            "2025-06-05T10:00:00+03:00"),
        .init("Nov-Feb 10:00-16:00", "2025-06-02T12:00:00+03:00", .closed, nil),
        .init("Th[1] 10:00-12:00", "2025-06-05T11:00:00+03:00", .open, "2025-06-05T12:00:00+03:00"),
        .init("Su[-1] 10:00-12:00", "2025-06-08T11:00:00+03:00", .closed, nil),
        // Lenient: a missing ";".
        .init(
            "Mo-Fr 08:00-19:00 Sa 09:00-19:00", "2025-06-07T10:00:00+03:00", .open,
            "2025-06-07T19:00:00+03:00"),
        // Unparseable values answer unknown.
        .init("sunrise-sunset", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("Mon - Fri 11am - 11pm", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("Mo-Fr 9-20;Sa 9-20 Su 9", "2025-06-02T12:00:00+03:00", .unknown, nil),
        .init("\"Wednesday evenings and weekends\"", "2025-06-04T19:00:00+03:00", .unknown, nil),
        // The zone matters: the same instant in New York (EDT, −04:00).
        .init("Mo-Fr 09:00-17:00", "2025-06-02T13:00:00Z", .open, "2025-06-02T17:00:00+03:00"),
        .init(
            "Mo-Fr 09:00-17:00", "2025-06-02T13:00:00Z", .open, "2025-06-02T17:00:00-04:00",
            zone: "America/New_York"),
        .init(
            "Mo-Fr 09:00-17:00", "2025-06-02T12:00:00Z", .closed, "2025-06-02T09:00:00-04:00",
            zone: "America/New_York"),
    ]

    @Test("hand-reasoned cases give the expected status and next change", arguments: cases)
    func evaluates(_ testCase: OpeningHoursCase) throws {
        try testCase.check()
    }

    @Test("the table holds at least 40 cases")
    func tableSize() {
        #expect(Self.cases.count >= 40)
    }

    @Test("strict parsing reports where it stopped")
    func strictParsing() {
        #expect(throws: OpeningHoursParseError.self) { try OpeningHours(parsing: "Mo-Fr 08:00-dusk") }
        do {
            _ = try OpeningHours(parsing: "Mo-Fr 08:00-dusk")
        } catch {
            #expect(error.offset == 12)
        }
        #expect(OpeningHours("Mo-Fr 08:00-dusk").isParsed == false)
        #expect(OpeningHours("Mo-Fr 08:00-dusk").raw == "Mo-Fr 08:00-dusk")
    }

    @Test("holiday mentions are flagged")
    func holidays() {
        #expect(OpeningHours("Mo-Fr 09:00-17:00; PH off").mentionsHolidays)
        #expect(!OpeningHours("Mo-Fr 09:00-17:00").mentionsHolidays)
    }

    @Test("opening hours round-trip through JSON as their raw string")
    func codable() throws {
        let hours = OpeningHours("Mo-Fr 08:00-12:00,13:00-17:00; PH off")
        let data = try JSONEncoder().encode([hours])
        #expect(String(decoding: data, as: UTF8.self) == #"["Mo-Fr 08:00-12:00,13:00-17:00; PH off"]"#)
        let decoded = try JSONDecoder().decode([OpeningHours].self, from: data)
        #expect(decoded == [hours])
        #expect(decoded[0].isParsed)
    }
}
