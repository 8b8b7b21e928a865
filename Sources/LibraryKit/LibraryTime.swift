import Foundation

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

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fff…]Z` (fraction optional, rounded to milliseconds, `Z` or
    /// `±HH:MM`); nil when it is not one.
    public static func parse(_ text: String) -> Date? {
        let b = Array(text.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54 || b[10] == 0x20, b[13] == 0x3A,
            b[16] == 0x3A
        else {
            return nil
        }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for i in range {
                guard b[i] >= 0x30, b[i] <= 0x39 else { return nil }
                value = value * 10 + Int64(b[i] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13),
            let minute = number(14..<16), let second = number(17..<19), (1...12).contains(month),
            (1...31).contains(day),
            hour < 24, minute < 60, second < 61
        else { return nil }
        var index = 19
        var millis: Int64 = 0
        if b[index] == 0x2E {
            index += 1
            var digits = 0
            var fraction = 0.0
            var scale = 0.1
            while index < b.count, b[index] >= 0x30, b[index] <= 0x39 {
                fraction += Double(b[index] - 0x30) * scale
                scale /= 10
                digits += 1
                index += 1
            }
            guard digits > 0, digits <= 9 else { return nil }
            millis = Int64((fraction * 1_000).rounded())
        }
        var offset: Int64 = 0
        if index == b.count - 1, b[index] == 0x5A {
            offset = 0
        } else if index == b.count - 6, b[index] == 0x2B || b[index] == 0x2D, b[index + 3] == 0x3A,
            let h = number(index + 1..<index + 3), let m = number(index + 4..<index + 6), h < 24, m < 60
        {
            offset = (h * 60 + m) * 60 * (b[index] == 0x2D ? -1 : 1)
        } else {
            return nil
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return date(milliseconds: seconds * 1_000 + millis)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
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
