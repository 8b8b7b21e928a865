/// Stage A of seed §6.3: totals and time-based statistics over the photos in range, computed
/// from capture times and locations only (no place clustering, no labels).
public struct TimeStats: Sendable, Equatable, Codable {
    /// Photos in range.
    public var total: Int
    /// Of those, photos with a location.
    public var located: Int
    /// Photos per local day.
    public var perDay: [LocalDate: Int]
    /// Photos per local hour of day (24 buckets).
    public var perHour: [Int]
    /// Photos per ISO weekday (index 0 = Monday).
    public var perWeekday: [Int]
    /// How many photos took their local time from each source.
    public var timeSources: [LocalTimeSource: Int]

    /// Share of photos with a location, 0...1 (0 when there are none).
    public var coverage: Double { total == 0 ? 0 : Double(located) / Double(total) }

    /// Computes the statistics of `photos` (already filtered to the range).
    public init(_ photos: [ResolvedPhoto]) {
        total = photos.count
        located = photos.count { $0.asset.coordinate != nil }
        perDay = [:]
        perHour = Array(repeating: 0, count: 24)
        perWeekday = Array(repeating: 0, count: 7)
        timeSources = [:]
        for photo in photos {
            perDay[photo.local.date, default: 0] += 1
            perHour[photo.local.hour] += 1
            perWeekday[photo.local.date.weekday - 1] += 1
            timeSources[photo.source, default: 0] += 1
        }
    }

    /// The day with most photos (the earliest on a tie).
    public var peakDay: (date: LocalDate, count: Int)? {
        perDay.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }.map { ($0.key, $0.value) }
    }

    /// The month with most photos as (year, month, count), the earliest on a tie.
    public var peakMonth: (year: Int, month: Int, count: Int)? {
        var months: [Int: Int] = [:]
        for (day, count) in perDay { months[day.year * 12 + day.month - 1, default: 0] += count }
        return months.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }
            .map { ($0.key / 12, $0.key % 12 + 1, $0.value) }
    }

    /// Number of distinct months with photos.
    public var monthCount: Int { Set(perDay.keys.map { $0.year * 12 + $0.month }).count }

    /// The ISO week (its Monday) with most photos, the earliest on a tie.
    public var busiestWeek: (start: LocalDate, count: Int)? {
        var weeks: [LocalDate: Int] = [:]
        for (day, count) in perDay { weeks[day.weekStart, default: 0] += count }
        return weeks.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }.map { ($0.key, $0.value) }
    }

    /// The weekday (1 = Monday … 7 = Sunday) with most photos, the first on a tie.
    public var busiestWeekday: (weekday: Int, count: Int)? {
        guard total > 0 else { return nil }
        let best = perWeekday.indices.max { a, b in
            perWeekday[a] != perWeekday[b] ? perWeekday[a] < perWeekday[b] : a > b
        }!
        return (best + 1, perWeekday[best])
    }

    /// The longest run of consecutive days with at least one photo (the earliest on a tie).
    public var longestStreak: (start: LocalDate, days: Int)? {
        let days = perDay.keys.map(\.dayNumber).sorted()
        guard var runStart = days.first else { return nil }
        var best = (start: runStart, days: 1)
        var length = 1
        for (previous, day) in zip(days, days.dropFirst()) {
            if day == previous + 1 {
                length += 1
            } else {
                runStart = day
                length = 1
            }
            if length > best.days { best = (runStart, length) }
        }
        return (LocalDate(dayNumber: best.start), best.days)
    }

    /// Average photos per week over the weeks from the first to the last photo (at least one).
    public var photosPerWeek: Double {
        guard let first = perDay.keys.min(), let last = perDay.keys.max() else { return 0 }
        let weeks = max(1, Double(last.dayNumber - first.dayNumber + 1) / 7)
        return Double(total) / weeks
    }

    /// The three-hour window (wrapping midnight) holding the most photos, as its first hour,
    /// and its share of all photos; the earliest start on a tie.
    public var busiestWindow: (startHour: Int, share: Double)? {
        guard total > 0 else { return nil }
        var best = (start: 0, count: -1)
        for start in 0..<24 {
            let count = (0..<3).reduce(0) { $0 + perHour[(start + $1) % 24] }
            if count > best.count { best = (start, count) }
        }
        return (best.start, Double(best.count) / Double(total))
    }
}
