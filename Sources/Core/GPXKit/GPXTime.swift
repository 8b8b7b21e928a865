/// ISO 8601 date-times as GPX writes them: `YYYY-MM-DDThh:mm:ss[.fff](Z|±hh:mm)`.
enum GPXTime {
    /// Seconds since 1970 UTC, or nil when `text` is not such a date-time. A missing zone is read as UTC.
    static func parse(_ text: String) -> Double? {
        let b = Array(text.utf8)
        func digits(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var value = 0
            for i in from..<from + count {
                guard (48...57).contains(b[i]) else { return nil }
                value = value * 10 + Int(b[i] - 48)
            }
            return value
        }
        guard b.count >= 19, b[4] == 45, b[7] == 45, b[10] == 84 || b[10] == 116 || b[10] == 32, b[13] == 58, b[16] == 58,
            let year = digits(0, 4), let month = digits(5, 2), let day = digits(8, 2), let hour = digits(11, 2),
            let minute = digits(14, 2), let second = digits(17, 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month, year), hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < b.count, b[index] == 46 {
            index += 1
            var scale = 0.1
            let start = index
            while index < b.count, (48...57).contains(b[index]) {
                fraction += Double(b[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        if index == b.count {
            offset = 0
        } else if b[index] == 90 || b[index] == 122, index + 1 == b.count {
            offset = 0
        } else if b[index] == 43 || b[index] == 45, index + 6 == b.count, b[index + 3] == 58,
            let h = digits(index + 1, 2), let m = digits(index + 4, 2), h <= 18, m <= 59
        {
            offset = (h * 3_600 + m * 60) * (b[index] == 45 ? -1 : 1)
        } else {
            return nil
        }
        let days = dayNumber(year, month, day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second - offset) + fraction
    }

    static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 (Hinnant's days_from_civil).
    static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * ((month + 9) % 12) + 2) / 5 + day - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }
}
