import Foundation

/// Reads an ISO 8601 / RFC 3339 instant: `YYYY-MM-DDThh:mm:ss[.f…](Z|±hh:mm)`.
///
/// The date and time are separated by `T`, `t` or (as RFC 3339 §5.6 permits) a space.
///
/// The one parser for every time a person or a client types (CLI options, HTTP fields). The
/// fraction of a second may have any number of digits (Python's `isoformat()` writes 6,
/// `ISO8601DateFormatter` with `.withFractionalSeconds` writes 3, some tools write 9); digits past
/// the resolution of `Date` (about a microsecond today) are read but cannot change the result.
/// The zone is required: `Z` (or `z`), `±hh:mm`, `±hhmm` or `±hh`. The date is proleptic
/// Gregorian (RFC 3339 §5.6); a leap second (`:60`) is read as the first second of the next minute.
public enum ISO8601Instant {
    /// An example shown in error messages.
    public static let example = "2026-11-23T14:00:00Z"

    /// The instant `text` names.
    ///
    /// - Throws: ``ISO8601InstantError`` naming `text` when it is not such an instant.
    public static func parse(_ text: String) throws(ISO8601InstantError) -> Date {
        guard let date = date(Array(text.utf8)) else { throw ISO8601InstantError(value: text) }
        return date
    }

    private static func date(_ b: [UInt8]) -> Date? {
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var value = 0
            for i in from..<from + count {
                guard (0x30...0x39).contains(b[i]) else { return nil }
                value = value * 10 + Int(b[i] - 0x30)
            }
            return value
        }
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x74 || b[10] == 0x20, b[13] == 0x3A,
            b[16] == 0x3A, let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
            let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year), hour <= 23, minute <= 59,
            second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if b[index] == 0x2E {
            index += 1
            let start = index
            var scale = 0.1
            while index < b.count, (0x30...0x39).contains(b[index]) {
                fraction += Double(b[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        guard let offset = zoneOffset(b[index...]) else { return nil }
        let seconds = dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
    }

    /// Seconds east of UTC for `Z`, `±hh:mm`, `±hhmm` or `±hh`; nil for anything else.
    private static func zoneOffset(_ zone: ArraySlice<UInt8>) -> Int? {
        let z = Array(zone)
        if z == [0x5A] || z == [0x7A] { return 0 }
        guard let sign = z.first, sign == 0x2B || sign == 0x2D else { return nil }
        let digits: [UInt8]
        switch z.count {
        case 6 where z[3] == 0x3A: digits = Array(z[1...2] + z[4...5])
        case 5, 3: digits = Array(z[1...])
        default: return nil
        }
        guard digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        let values = digits.map { Int($0 - 0x30) }
        let hours = values[0] * 10 + values[1]
        let minutes = values.count == 4 ? values[2] * 10 + values[3] : 0
        guard hours <= 23, minutes <= 59 else { return nil }
        return (hours * 3_600 + minutes * 60) * (sign == 0x2D ? -1 : 1)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }
}
