import Foundation
import ProximityKit

/// Where a trip's dates stand against today (in the trip's own zone).
public enum TripPhase: String, Sendable, Equatable, CaseIterable {
    /// Today falls within its dates (or it has none).
    case active
    /// It starts after today.
    case upcoming
    /// It ended before today.
    case past

    /// The phase of `trip` at `date`.
    public init(_ trip: Trip, at date: Date) {
        let today = Self.day(date, zone: trip.timeZone)
        if let end = trip.endDate, end < today {
            self = .past
        } else if let start = trip.startDate, start > today {
            self = .upcoming
        } else {
            self = .active
        }
    }

    /// `YYYY-MM-DD` at `date` in the zone `identifier` (UTC when unknown).
    public static func day(_ date: Date, zone identifier: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
