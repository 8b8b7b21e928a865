/// The parsed form of an `opening_hours` value (internal; see ``OpeningHours``).
struct OHRule: Sendable, Hashable {
    /// How a rule combines with the rules before it.
    enum Kind: Sendable, Hashable {
        /// After `;` (or first): replaces earlier rules on the days it selects.
        case normal
        /// After `,`: adds to (or, when closed, cuts from) earlier rules on its days.
        case additional
        /// After `||`: applies only on days no earlier rule selected.
        case fallback
    }

    /// The state a rule gives its times.
    enum Modifier: Sendable, Hashable {
        case open
        case closed
        case unknown
    }

    var kind: Kind
    /// Month/date ranges; empty selects every date.
    var dateRanges: [OHDateRange] = []
    /// Weekday items (union); `nil` selects every weekday.
    var weekdays: [OHWeekdayItem]?
    /// The rule selects only public/school holidays, which are never known: it never matches.
    var holidayOnly = false
    /// Time spans; empty means the whole day.
    var times: [OHTimeSpan] = []
    var modifier: Modifier = .open

    init(kind: Kind) { self.kind = kind }
}

/// A time span in minutes from the start of the day it belongs to; `end` may pass 1440 (the
/// next day), up to 2880 (`48:00`).
struct OHTimeSpan: Sendable, Hashable {
    var start: Int
    var end: Int
    /// `18:00+`: the closing time is not given (treated as open until the end of the day).
    var openEnd = false
}

/// Weekdays `first…last` (0 = Monday … 6 = Sunday, wrapping when `first > last`), optionally
/// only the `nth` occurrences in the month (1…5 from the start, −1…−5 from the end).
struct OHWeekdayItem: Sendable, Hashable {
    var first: Int
    var last: Int
    var nth: [Int] = []

    func contains(_ day: OHDay) -> Bool {
        let inRange =
            first <= last
            ? (first...last).contains(day.weekday)
            : day.weekday >= first || day.weekday <= last
        guard inRange else { return false }
        return nth.isEmpty || nth.contains(day.nthInMonth) || nth.contains(day.nthFromEnd)
    }
}

/// A point of a date range: optional year, month 1…12, optional day 1…31.
struct OHDatePoint: Sendable, Hashable {
    var year: Int?
    var month: Int
    var day: Int?
}

/// A date range, inclusive; wraps over the new year when it has no years and `start > end`.
struct OHDateRange: Sendable, Hashable {
    var start: OHDatePoint
    var end: OHDatePoint

    func contains(_ day: OHDay) -> Bool {
        let from = (start.month, start.day ?? 1)
        let to = (end.month, end.day ?? 31)
        let here = (day.month, day.day)
        if let startYear = start.year {
            let endYear = end.year ?? startYear
            return (startYear, from.0, from.1) <= (day.year, here.0, here.1)
                && (day.year, here.0, here.1) <= (endYear, to.0, to.1)
        }
        return from <= to ? (from <= here && here <= to) : (here >= from || here <= to)
    }
}

/// The calendar facts about one local day that rules select on.
struct OHDay: Sendable, Hashable {
    var year: Int
    var month: Int
    var day: Int
    /// 0 = Monday … 6 = Sunday.
    var weekday: Int
    /// 1…5: which occurrence of this weekday in the month.
    var nthInMonth: Int
    /// −1…−5: which occurrence counting from the month's end.
    var nthFromEnd: Int
}
