import Foundation
import Timestamps

/// Library times: whole milliseconds since 1970 (UTC), written as ISO 8601 with milliseconds
/// (`2026-11-22T16:41:02.123Z`). Every format round-trips a time exactly because each reads and
/// writes the same integer.
public enum LibraryTime {
    /// `date` to the nearest millisecond.
    public static func rounded(_ value: Date) -> Date { date(milliseconds: milliseconds(value)) }

    /// Milliseconds since 1970 (nearest).
    public static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1_000).rounded()
        return value.isFinite && abs(value) < 9e15 ? Int64(value) : 0
    }

    /// The date `milliseconds` after 1970.
    public static func date(milliseconds: Int64) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds) / 1_000)
    }

    /// ISO 8601 UTC with milliseconds.
    public static func format(_ date: Date) -> String {
        let ms = milliseconds(date)
        let seconds = ms.floorDiv(1_000)
        let millis = ms - seconds * 1_000
        let days = seconds.floorDiv(86_400)
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civil(fromDays: days)
        var bytes = [UInt8](repeating: 0x30, count: 24)
        func put(_ value: Int64, at offset: Int, digits: Int) {
            var rest = value
            for position in stride(from: offset + digits - 1, through: offset, by: -1) {
                bytes[position] = 0x30 + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, at: 0, digits: 4)
        put(month, at: 5, digits: 2)
        put(day, at: 8, digits: 2)
        put(secondOfDay / 3_600, at: 11, digits: 2)
        put(secondOfDay / 60 % 60, at: 14, digits: 2)
        put(secondOfDay % 60, at: 17, digits: 2)
        put(millis, at: 20, digits: 3)
        (bytes[4], bytes[7], bytes[10], bytes[13], bytes[16], bytes[19], bytes[23]) = (
            0x2D, 0x2D, 0x54, 0x3A, 0x3A, 0x2E, 0x5A
        )
        guard (0...9_999).contains(year) else {
            return String(
                format: "%04lld-%02lld-%02lldT%02lld:%02lld:%02lld.%03lldZ", year, month, day,
                secondOfDay / 3_600, secondOfDay / 60 % 60, secondOfDay % 60, millis)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Parses an ISO 8601 instant (``Timestamps/ISO8601Instant``: any fraction, `Z` or `±HH:MM`),
    /// rounded to milliseconds; nil when it is not one.
    public static func parse(_ text: String) -> Date? {
        (try? ISO8601Instant.parse(text)).map(rounded)
    }

    /// The date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civil(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = z.floorDiv(146_097)
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int64 {
    fileprivate func floorDiv(_ divisor: Int64) -> Int64 {
        let q = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? q - 1 : q
    }
}
