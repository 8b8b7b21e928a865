import Foundation
import PlaceKit

/// One day of a place's week: when it opens and closes, in the place's zone.
public struct DayHours: Sendable, Hashable {
    /// The day's first instant (local midnight).
    public var day: Date
    /// The open stretches that fall on this day (a stretch past midnight ends at the day's end
    /// and goes on the next day); empty when closed all day.
    public var open: [DateInterval]
    /// The hours do not say for this day (an `unknown` rule, a comment, holidays only).
    public var isUnknown: Bool

    /// A day.
    public init(day: Date, open: [DateInterval], isUnknown: Bool = false) {
        self.day = day
        self.open = open
        self.isUnknown = isUnknown
    }
}

/// The next seven days of opening hours, read from ``PlaceKit/OpeningHours``' own evaluation
/// (each change found by asking the status at an instant), so the week agrees with "open now".
public enum WeekHours {
    /// The seven days starting with the day of `instant` in `timeZone`.
    public static func week(_ hours: OpeningHours, from instant: Date, timeZone: TimeZone) -> [DayHours] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let first = calendar.startOfDay(for: instant)
        return (0..<7).compactMap { offset in
            guard let start = calendar.date(byAdding: .day, value: offset, to: first),
                let end = calendar.date(byAdding: .day, value: 1, to: start)
            else { return nil }
            return day(hours, from: start, to: end, timeZone: timeZone)
        }
    }

    /// One day, from its first instant to the next day's.
    static func day(_ hours: OpeningHours, from start: Date, to end: Date, timeZone: TimeZone) -> DayHours {
        var open: [DateInterval] = []
        var at = start
        // Each step moves to the next change; a day has few (the cap stops a rule that would not move).
        for _ in 0..<48 where at < end {
            switch hours.status(at: at, in: timeZone) {
            case .unknown:
                return DayHours(day: start, open: open, isUnknown: open.isEmpty)
            case .open(let closesAt):
                let close = min(closesAt ?? end, end)
                if close > at { open.append(DateInterval(start: at, end: close)) }
                at = close > at ? close : end
            case .closed(let opensAt):
                guard let opensAt, opensAt > at, opensAt < end else { return DayHours(day: start, open: open) }
                at = opensAt
            }
        }
        return DayHours(day: start, open: open)
    }
}
