/// A recursive-descent parser for the common subset of the OSM `opening_hours` grammar
/// (<https://wiki.openstreetmap.org/wiki/Key:opening_hours/specification>).
///
/// Rule: `[24/7] [dates [:]] [weekdays] [times] [open|closed|off|unknown] ["comment"]`, rules
/// joined by `;` (normal), `,` (additional, where the comma cannot continue a list) and `||`
/// (fallback). Lenient, as real data needs: bare hours (`10-18`), an open end written `16:00-`,
/// lower-case weekdays, and a missing `;` before a rule that starts with a weekday or month.
struct OHParser {
    private let tokens: [OHLocatedToken]
    private let endOffset: Int
    private var index = 0
    /// Whether a `PH` or `SH` selector appeared anywhere.
    private(set) var mentionsHolidays = false

    private static let weekdays = ["mo", "tu", "we", "th", "fr", "sa", "su"]
    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    init(tokens: [OHLocatedToken], endOffset: Int) {
        self.tokens = tokens
        self.endOffset = endOffset
    }

    /// Parses a whole value.
    mutating func parseValue() throws(OpeningHoursParseError) -> [OHRule] {
        var rules: [OHRule] = []
        var kind = OHRule.Kind.normal
        while index < tokens.count {
            if let rule = try parseRule(kind: kind) { rules.append(rule) }
            guard let token = peek() else { break }
            switch token {
            case .semicolon: kind = .normal
            case .doublePipe: kind = .fallback
            case .comma: kind = .additional
            default:
                // A missing ";" before a rule that plainly starts a new selector.
                guard startsSelector() else { throw error("expected ';' or the end") }
                kind = .normal
                continue
            }
            index += 1
        }
        guard !rules.isEmpty else { throw error("no rules") }
        return rules
    }

    // MARK: Rule

    private mutating func parseRule(kind: OHRule.Kind) throws(OpeningHoursParseError) -> OHRule? {
        var rule = OHRule(kind: kind)
        var hasContent = false
        if try parseTwentyFourSeven() {
            rule.times = [OHTimeSpan(start: 0, end: 1440)]
            hasContent = true
        } else {
            if startsDate() {
                rule.dateRanges = try parseDateRanges()
                if peek() == .colon { index += 1 }
                hasContent = true
            }
            if startsWeekdayOrHoliday() {
                try parseWeekdaySelector(into: &rule)
                hasContent = true
            }
            if try parseTwentyFourSeven() {
                rule.times = [OHTimeSpan(start: 0, end: 1440)]
                hasContent = true
            } else if startsTime() {
                rule.times = try parseTimeSpans()
                hasContent = true
            }
        }
        if case .word(let word)? = peek(), !startsSelector() {
            switch word {
            case "open": rule.modifier = .open
            case "closed", "off": rule.modifier = .closed
            case "unknown": rule.modifier = .unknown
            default: throw error("unknown word '\(word)'")
            }
            index += 1
            hasContent = true
        }
        if case .comment? = peek() {
            index += 1
            if !hasContent { rule.modifier = .unknown }
            hasContent = true
        }
        return hasContent ? rule : nil
    }

    private mutating func parseTwentyFourSeven() throws(OpeningHoursParseError) -> Bool {
        guard peek() == .number(24, digits: 2), peek(1) == .slash else { return false }
        guard peek(2) == .number(7, digits: 1) else { throw error("expected 24/7") }
        index += 3
        return true
    }

    // MARK: Dates

    private func startsDate() -> Bool {
        if case .word(let word)? = peek(), Self.months.contains(word) { return true }
        if case .number(_, 4)? = peek(), case .word(let word)? = peek(1), Self.months.contains(word) {
            return true
        }
        return false
    }

    private mutating func parseDateRanges() throws(OpeningHoursParseError) -> [OHDateRange] {
        var ranges: [OHDateRange] = []
        repeat {
            if !ranges.isEmpty { index += 1 }  // the comma
            let start = try parseDatePoint(defaultYear: nil)
            var end = start
            if peek() == .dash {
                index += 1
                if startsDate() {
                    end = try parseDatePoint(defaultYear: start.year)
                } else if case .number(let day, let digits)? = peek(), digits <= 2, (1...31).contains(day) {
                    index += 1
                    end = OHDatePoint(year: start.year, month: start.month, day: day)
                } else {
                    throw error("expected the end of a date range")
                }
            }
            ranges.append(OHDateRange(start: start, end: end))
        } while peek() == .comma && startsDate(at: 1)
        return ranges
    }

    private func startsDate(at offset: Int) -> Bool {
        var copy = self
        copy.index += offset
        return copy.startsDate()
    }

    private mutating func parseDatePoint(defaultYear: Int?) throws(OpeningHoursParseError) -> OHDatePoint {
        var year = defaultYear
        if case .number(let value, 4)? = peek() {
            year = value
            index += 1
        }
        guard case .word(let word)? = peek(), let month = Self.months.firstIndex(of: word) else {
            throw error("expected a month")
        }
        index += 1
        var day: Int?
        if case .number(let value, let digits)? = peek(), digits <= 2, (1...31).contains(value) {
            day = value
            index += 1
        }
        return OHDatePoint(year: year, month: month + 1, day: day)
    }

    // MARK: Weekdays and holidays

    private func startsWeekdayOrHoliday(at offset: Int = 0) -> Bool {
        guard case .word(let word)? = peek(offset) else { return false }
        return Self.weekdays.contains(word) || word == "ph" || word == "sh"
    }

    private func startsSelector() -> Bool { startsWeekdayOrHoliday() || startsDate() }

    private mutating func parseWeekdaySelector(into rule: inout OHRule) throws(OpeningHoursParseError) {
        var items: [OHWeekdayItem] = []
        var sawHoliday = false
        var sawHolidayBeforeWeekdays = false
        repeat {
            if sawHoliday || !items.isEmpty { index += 1 }  // the comma
            guard case .word(let word)? = peek() else { throw error("expected a weekday") }
            index += 1
            if word == "ph" || word == "sh" {
                sawHoliday = true
                mentionsHolidays = true
                continue
            }
            guard let first = Self.weekdays.firstIndex(of: word) else { throw error("expected a weekday") }
            var item = OHWeekdayItem(first: first, last: first)
            if peek() == .dash, case .word(let next)? = peek(1), let last = Self.weekdays.firstIndex(of: next)
            {
                item.last = last
                index += 2
            }
            if peek() == .openBracket { item.nth = try parseNth() }
            items.append(item)
        } while peek() == .comma && startsWeekdayOrHoliday(at: 1)
        // "SH Mo-Fr": a holiday list followed directly by weekdays selects their intersection.
        if sawHoliday && items.isEmpty && startsWeekdayOrHoliday() {
            sawHolidayBeforeWeekdays = true
            var nested = OHRule(kind: rule.kind)
            try parseWeekdaySelector(into: &nested)
        }
        rule.weekdays = items.isEmpty ? nil : items
        rule.holidayOnly = sawHolidayBeforeWeekdays || (sawHoliday && items.isEmpty)
    }

    private mutating func parseNth() throws(OpeningHoursParseError) -> [Int] {
        index += 1  // "["
        var values: [Int] = []
        repeat {
            if !values.isEmpty { index += 1 }  // the comma
            let negative = peek() == .dash
            if negative { index += 1 }
            guard case .number(let first, _)? = peek(), (1...5).contains(first) else {
                throw error("expected 1…5 in [ ]")
            }
            index += 1
            if !negative, peek() == .dash, case .number(let last, _)? = peek(1), (first...5).contains(last) {
                index += 2
                values.append(contentsOf: first...last)
            } else {
                values.append(negative ? -first : first)
            }
        } while peek() == .comma
        guard peek() == .closeBracket else { throw error("expected ']'") }
        index += 1
        return values
    }

    // MARK: Times

    private func startsTime(at offset: Int = 0) -> Bool {
        switch peek(offset) {
        case .time?: return true
        case .number(let hour, let digits)?:
            return digits <= 2 && hour <= 48 && (peek(offset + 1) == .dash || peek(offset + 1) == .plus)
        default: return false
        }
    }

    private mutating func parseTimeSpans() throws(OpeningHoursParseError) -> [OHTimeSpan] {
        var spans: [OHTimeSpan] = []
        repeat {
            if !spans.isEmpty { index += 1 }  // the comma
            spans.append(try parseTimeSpan())
        } while peek() == .comma && startsTime(at: 1)
        return spans
    }

    private mutating func parseTimeSpan() throws(OpeningHoursParseError) -> OHTimeSpan {
        let start = try parseTimePoint()
        guard start < 1440 else { throw error("a span must start before 24:00") }
        if peek() == .plus {
            index += 1
            return OHTimeSpan(start: start, end: 1440, openEnd: true)
        }
        guard peek() == .dash else { throw error("a time span needs an end") }
        index += 1
        switch peek() {
        case nil, .comma?, .semicolon?, .doublePipe?:
            return OHTimeSpan(start: start, end: 1440, openEnd: true)  // "16:00-"
        default: break
        }
        var end = try parseTimePoint()
        guard end <= 2880 else { throw error("a span must end by 48:00") }
        if end <= start { end += 1440 }  // over midnight; equal times mean 24 hours
        guard end <= start + 1440 else { throw error("a span must be at most 24 hours") }
        if peek() == .plus { index += 1 }  // "10:00-02:00+": the end is a guess; keep it
        return OHTimeSpan(start: start, end: end)
    }

    private mutating func parseTimePoint() throws(OpeningHoursParseError) -> Int {
        switch peek() {
        case .time(let minutes)?:
            index += 1
            return minutes
        case .number(let hour, let digits)? where digits <= 2 && hour <= 48:
            index += 1
            return hour * 60
        default:
            throw error("expected a time")
        }
    }

    // MARK: Helpers

    private func peek(_ offset: Int = 0) -> OHToken? {
        index + offset < tokens.count ? tokens[index + offset].token : nil
    }

    private func error(_ reason: String) -> OpeningHoursParseError {
        OpeningHoursParseError(
            offset: index < tokens.count ? tokens[index].offset : endOffset, reason: reason)
    }
}
