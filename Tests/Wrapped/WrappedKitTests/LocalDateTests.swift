import Foundation
import Testing
import WrappedKit

@Suite("Local dates")
struct LocalDateTests {
    @Test("day numbers and weekdays agree with Foundation's Gregorian calendar over 1900–2100")
    func agreesWithFoundation() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var date = try #require(calendar.date(from: DateComponents(year: 1900, month: 1, day: 1)))
        let end = try #require(calendar.date(from: DateComponents(year: 2100, month: 12, day: 31)))
        while date <= end {
            let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
            let local = try #require(LocalDate(year: parts.year!, month: parts.month!, day: parts.day!))
            #expect(local.dayNumber == Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
            #expect(LocalDate(dayNumber: local.dayNumber) == local)
            // Foundation: 1 = Sunday … 7 = Saturday; ISO: 1 = Monday … 7 = Sunday.
            #expect(local.weekday == (parts.weekday! + 5) % 7 + 1)
            date = date.addingTimeInterval(86_400 * 7 + 3_600 * 5)  // a stride that visits every weekday
        }
    }

    @Test("invalid dates are refused", arguments: ["2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "25-01-01", "2025-1-1", "x"])
    func refusesInvalid(text: String) {
        #expect(LocalDate(iso: text) == nil)
    }

    @Test("2024-02-29 exists; the ISO week of a Sunday starts the Monday before")
    func leapAndWeeks() throws {
        #expect(LocalDate(iso: "2024-02-29") != nil)
        let sunday = try #require(LocalDate(iso: "2025-06-15"))
        #expect(sunday.weekday == 7)
        #expect(sunday.weekStart.description == "2025-06-09")
    }

    @Test("wall clock ↔ epoch seconds round-trip with offsets, before 1970 too")
    func wallClockRoundTrip() throws {
        let day = try #require(LocalDate(iso: "1969-12-31"))
        let wall = try #require(LocalDateTime(date: day, hour: 23, minute: 30, second: 5))
        let seconds = wall.secondsSinceEpochAsUTC
        #expect(seconds == -1_795)
        #expect(LocalDateTime(secondsSinceEpoch: seconds - 7_200, offset: 7_200) == wall)
    }
}
