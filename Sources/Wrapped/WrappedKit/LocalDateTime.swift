/// A calendar date without a time zone (a local day bucket).
///
/// Arithmetic uses the proleptic Gregorian calendar through day numbers (days since
/// 1970-01-01), as in Howard Hinnant's `days_from_civil`: no Foundation calendar on hot paths.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Year, e.g. 2025.
    public var year: Int
    /// Month, 1...12.
    public var month: Int
    /// Day of the month, 1...31.
    public var day: Int

    /// Creates a date; `nil` unless month and day exist in that year.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (negative before).
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        day = doy - (153 * mp + 2) / 5 + 1
        month = mp < 10 ? mp + 3 : mp - 9
        year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let d = dayNumber
        return ((d % 7 + 7 + 3) % 7) + 1  // 1970-01-01 was a Thursday
    }

    /// The Monday starting this date's ISO week.
    public var weekStart: LocalDate { LocalDate(dayNumber: dayNumber - (weekday - 1)) }

    /// The date `days` later (earlier when negative).
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// Days in a month of a year.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
    }

    /// Parses `YYYY-MM-DD`; `nil` for anything else.
    public init?(iso text: some StringProtocol) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// A wall-clock date and time without a zone (what a camera writes in DateTimeOriginal).
public struct LocalDateTime: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The calendar day.
    public var date: LocalDate
    /// Hour, 0...23.
    public var hour: Int
    /// Minute, 0...59.
    public var minute: Int
    /// Second, 0...60 (a leap second is kept as written).
    public var second: Int
    /// Fraction of a second in milliseconds, 0...999 (from SubSecTimeOriginal).
    public var millisecond: Int

    /// Creates a date-time; `nil` when a field is out of range.
    public init?(date: LocalDate, hour: Int, minute: Int, second: Int, millisecond: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond)
        else { return nil }
        self.date = date
        self.hour = hour
        self.minute = minute
        self.second = second
        self.millisecond = millisecond
    }

    /// Seconds since 1970-01-01T00:00:00 of this wall clock read as if it were UTC.
    public var secondsSinceEpochAsUTC: Double {
        Double(date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second) + Double(millisecond) / 1_000
    }

    /// The wall clock at `seconds` since the epoch shifted by `offset` seconds.
    public init(secondsSinceEpoch seconds: Double, offset: Int) {
        let shifted = seconds + Double(offset)
        let whole = shifted.rounded(.down)
        let total = Int(whole)
        let day = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let rest = total - day * 86_400
        date = LocalDate(dayNumber: day)
        hour = rest / 3_600
        minute = rest % 3_600 / 60
        second = rest % 60
        millisecond = min(999, Int(((shifted - whole) * 1_000).rounded()))
    }

    /// `YYYY-MM-DDTHH:MM:SS`.
    public var description: String {
        "\(date)T\(LocalDate.pad(hour, 2)):\(LocalDate.pad(minute, 2)):\(LocalDate.pad(second, 2))"
    }

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        (a.date, a.hour, a.minute, a.second, a.millisecond) < (b.date, b.hour, b.minute, b.second, b.millisecond)
    }
}
