import Foundation

/// Evaluates parsed rules over local days in one time zone (internal; see ``OpeningHours``).
struct OHEvaluator {
    /// The state of a stretch of time; closed is the absence of a span.
    enum State: Int, Comparable {
        case openEnd, open, unknown
        static func < (lhs: State, rhs: State) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// A span in minutes from the start of its day.
    struct DaySpan {
        var start: Int
        var end: Int
        var state: State
    }

    /// A stretch of absolute time in one state.
    struct Segment {
        var start: Date
        var end: Date
        var state: State
    }

    let rules: [OHRule]
    let calendar: Calendar

    init(rules: [OHRule], timeZone: TimeZone) {
        self.rules = rules
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    func status(at instant: Date) -> OpeningStatus {
        let horizon = instant.addingTimeInterval(Double(OpeningHours.lookaheadDays) * 86_400)
        let segments = timeline(around: instant)
        guard let index = segments.firstIndex(where: { $0.start <= instant && instant < $0.end }) else {
            let next = segments.first { $0.start > instant }
            guard let next, next.state != .unknown, next.start <= horizon else {
                return .closed(opensAt: nil)
            }
            return .closed(opensAt: next.start)
        }
        switch segments[index].state {
        case .unknown: return .unknown
        case .openEnd: return .open(closesAt: nil)
        case .open:
            var end = segments[index].end
            var next = index + 1
            while next < segments.count, segments[next].start == end, segments[next].state == .open {
                end = segments[next].end
                next += 1
            }
            if next < segments.count, segments[next].start == end, segments[next].state == .openEnd {
                return .open(closesAt: nil)
            }
            return .open(closesAt: end <= horizon ? end : nil)
        }
    }

    /// Non-overlapping, sorted segments covering the local days from yesterday (for spans that
    /// run past midnight) to eight days ahead.
    func timeline(around instant: Date) -> [Segment] {
        let today = calendar.startOfDay(for: instant)
        // Days −1…10: spans of days −1…8 may end up to 48 hours after their day starts.
        let days: [(components: DateComponents, day: OHDay)] = (-1...10).compactMap { offset in
            guard let date = calendar.date(byAdding: .day, value: offset, to: today) else { return nil }
            return localDay(date)
        }
        guard days.count == 12 else { return [] }
        var spans: [Segment] = []
        for index in 0..<10 {
            for span in schedule(for: days[index].day) {
                guard let start = date(days, index, span.start), let end = date(days, index, span.end),
                    start < end
                else { continue }
                spans.append(Segment(start: start, end: end, state: span.state))
            }
        }
        return flatten(spans)
    }

    /// The spans of one local day after applying every rule in order.
    func schedule(for day: OHDay) -> [DaySpan] {
        var spans: [DaySpan] = []
        var matched = false
        for rule in rules where !rule.holidayOnly && matches(rule, day) {
            if rule.kind == .fallback && matched { continue }
            matched = true
            let times = rule.times.isEmpty ? [OHTimeSpan(start: 0, end: 1440)] : rule.times
            switch rule.modifier {
            case .closed:
                spans = rule.times.isEmpty ? [] : subtract(times, from: spans)
            case .open, .unknown:
                let new = times.map { time -> DaySpan in
                    let state: State =
                        rule.modifier == .unknown ? .unknown : (time.openEnd ? .openEnd : .open)
                    return DaySpan(start: time.start, end: time.end, state: state)
                }
                spans = rule.kind == .additional ? subtract(times, from: spans) + new : new
            }
        }
        return spans
    }

    func matches(_ rule: OHRule, _ day: OHDay) -> Bool {
        if !rule.dateRanges.isEmpty && !rule.dateRanges.contains(where: { $0.contains(day) }) { return false }
        if let weekdays = rule.weekdays, !weekdays.contains(where: { $0.contains(day) }) { return false }
        return true
    }

    /// `spans` with the times of `cuts` removed.
    func subtract(_ cuts: [OHTimeSpan], from spans: [DaySpan]) -> [DaySpan] {
        var result = spans
        for cut in cuts {
            result = result.flatMap { span -> [DaySpan] in
                guard cut.start < span.end && span.start < cut.end else { return [span] }
                var pieces: [DaySpan] = []
                if span.start < cut.start {
                    pieces.append(DaySpan(start: span.start, end: cut.start, state: span.state))
                }
                if cut.end < span.end {
                    pieces.append(DaySpan(start: cut.end, end: span.end, state: span.state))
                }
                return pieces
            }
        }
        return result
    }

    /// Cuts overlapping segments at every boundary; where several overlap, unknown beats open
    /// beats open-ended.
    func flatten(_ segments: [Segment]) -> [Segment] {
        let bounds = Set(segments.flatMap { [$0.start, $0.end] }).sorted()
        var result: [Segment] = []
        for (start, end) in zip(bounds, bounds.dropFirst()) {
            let covering = segments.filter { $0.start <= start && end <= $0.end }
            guard let state = covering.map(\.state).max() else { continue }
            if let last = result.last, last.end == start, last.state == state {
                result[result.count - 1].end = end
            } else {
                result.append(Segment(start: start, end: end, state: state))
            }
        }
        return result
    }

    /// The instant `minutes` after the start of local day `index` (minutes may exceed 1440).
    func date(_ days: [(components: DateComponents, day: OHDay)], _ index: Int, _ minutes: Int) -> Date? {
        let target = index + minutes / 1440
        guard target < days.count else { return nil }
        var components = days[target].components
        components.hour = (minutes % 1440) / 60
        components.minute = minutes % 60
        return calendar.date(from: components)
    }

    func localDay(_ date: Date) -> (components: DateComponents, day: OHDay)? {
        let parts = calendar.dateComponents([.year, .month, .day, .weekday], from: date)
        guard let year = parts.year, let month = parts.month, let day = parts.day,
            let weekday = parts.weekday
        else { return nil }
        let length = calendar.range(of: .day, in: .month, for: date)?.count ?? 31
        let info = OHDay(
            year: year, month: month, day: day, weekday: (weekday + 5) % 7,
            nthInMonth: (day - 1) / 7 + 1, nthFromEnd: -((length - day) / 7 + 1))
        return (DateComponents(year: year, month: month, day: day), info)
    }
}
