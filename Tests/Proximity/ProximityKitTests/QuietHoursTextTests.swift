import Testing
@testable import ProximityKit

/// Quiet hours written as text: the one parser the CLI and place files use, and its inverse.
@Suite("Quiet hours as HH:MM-HH:MM")
struct QuietHoursTextTests {
    @Test("a window reads to minutes after midnight, wrapping midnight, and writes back the same text")
    func roundTrip() throws {
        let night = try #require(QuietHours(text: "22:00-07:30"))
        #expect(night == QuietHours(start: 22 * 60, end: 7 * 60 + 30))
        #expect(night.text == "22:00-07:30")
        #expect(QuietHours(text: "9:05-17:00") == QuietHours(start: 9 * 60 + 5, end: 17 * 60))
        #expect(QuietHours(text: "9:05-17:00")?.text == "09:05-17:00")
        #expect(QuietHours(start: "23:00", end: "06:00") == QuietHours(start: 23 * 60, end: 6 * 60))
    }

    @Test("anything but two times of day joined by one dash is refused", arguments: [
        "bogus", "25:00-07:00", "22:00", "22:00-07:00-08:00", "22:00--07:00", "-22:00-07:00", "22:60-07:00", "22:0-07:00", "",
    ])
    func refused(text: String) {
        #expect(QuietHours(text: text) == nil)
    }
}
