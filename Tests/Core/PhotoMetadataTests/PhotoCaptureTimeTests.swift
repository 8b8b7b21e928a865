import Foundation
import Testing

@testable import PhotoMetadata

@Suite("Capture time from DateTimeOriginal, sub-seconds and offset")
struct PhotoCaptureTimeTests {
    @Test("with an offset, the instant is the local time minus the offset")
    func withOffset() throws {
        // The iPhone 11 sample: 2021:04:11 15:47:53.054 at −05:00 is 20:47:53.054 UTC.
        let time = try #require(
            PhotoCaptureTime(
                dateTimeOriginal: "2021:04:11 15:47:53", subSecTimeOriginal: "054",
                offsetTimeOriginal: "-05:00"))
        #expect(time.local.year == 2021 && time.local.month == 4 && time.local.day == 11)
        #expect(time.local.hour == 15 && time.local.minute == 47 && time.local.second == 53)
        #expect(time.local.nanosecond == 54_000_000)
        #expect(time.utcOffsetSeconds == -18_000)
        // 2021-04-11T20:47:53.054Z = 1618174073.054 s after 1970 (date -u -d '2021-04-11 20:47:53' +%s).
        let instant = try #require(time.instant)
        #expect(abs(instant.timeIntervalSince1970 - 1_618_174_073.054) < 1e-6)
    }

    @Test("without an offset there is no instant")
    func withoutOffset() throws {
        let time = try #require(PhotoCaptureTime(dateTimeOriginal: "2008:10:22 16:28:39"))
        #expect(time.instant == nil && time.utcOffsetSeconds == nil)
        #expect(time.local.nanosecond == 0)
    }

    @Test(
        "blank, short and out-of-range dates are nil",
        arguments: [
            "    :  :     :  :  ", "0000:00:00 00:00:00", "2020:13:01 00:00:00", "2020:01:01", "",
            "2020:01:01 24:00:00",
        ])
    func unreadable(text: String) {
        #expect(PhotoCaptureTime(dateTimeOriginal: text) == nil)
    }

    @Test(
        "offsets: ±HH:MM and Z, others ignored",
        arguments: [
            ("+01:00", 3_600), ("-09:30", -34_200), ("Z", 0), ("+5:00", nil), ("+19:00", nil), ("junk", nil),
        ] as [(String, Int?)])
    func offsets(text: String, seconds: Int?) {
        #expect(PhotoCaptureTime.offsetSeconds(text) == seconds)
    }
}
