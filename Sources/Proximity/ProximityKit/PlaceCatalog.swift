import Foundation
import GeoKit

/// The saved places and their trips, indexed for the planner's spatial queries.
///
/// Built once per change of the saved places (an O(n log n) index build); every planner step
/// then queries it in about O(log n + m).
public struct PlaceCatalog: Sendable {
    /// The places, in index order.
    public let places: [SavedPlace]
    /// Trips by id.
    public let trips: [String: Trip]
    /// The largest alert radius of any trip or place (bounds the spatial queries).
    public let maximumRadius: Double
    let index: StaticPointIndex
    let positions: [String: Int]
    let zones: [String: TimeZone]
    /// Each dated trip's active interval in seconds since 1970: from local midnight of its first
    /// day to local midnight after its last (computed once, so a step needs no calendar).
    let windows: [String: (start: Double, end: Double)]

    /// Indexes `places`; places of unknown trips are kept but never active.
    public init(places: [SavedPlace], trips: [Trip]) {
        self.places = places
        self.trips = Dictionary(trips.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        maximumRadius = max(trips.map(\.alertRadius).max() ?? 0, places.compactMap(\.alertRadius).max() ?? 0)
        index = StaticPointIndex(places.map(\.coordinate))
        positions = Dictionary(places.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var zones: [String: TimeZone] = [:]
        for trip in trips { zones[trip.id] = TimeZone(identifier: trip.timeZone) ?? TimeZone(identifier: "UTC")! }
        self.zones = zones
        var windows: [String: (start: Double, end: Double)] = [:]
        for trip in trips where trip.startDate != nil || trip.endDate != nil {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zones[trip.id]!
            func midnight(_ text: String?, plusDays: Int) -> Double? {
                guard let text else { return nil }
                let parts = text.split(separator: "-").compactMap { Int($0) }
                guard parts.count == 3,
                    let day = calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2] + plusDays))
                else { return nil }
                return day.timeIntervalSince1970
            }
            windows[trip.id] = (midnight(trip.startDate, plusDays: 0) ?? -.infinity, midnight(trip.endDate, plusDays: 1) ?? .infinity)
        }
        self.windows = windows
    }

    /// The place with this id.
    public func place(_ id: String) -> SavedPlace? { positions[id].map { places[$0] } }

    /// The place's trip when it is switched on and `time` falls within its dates (in its zone).
    func activeTrip(of place: SavedPlace, at time: Double) -> Trip? {
        guard let trip = trips[place.tripID], trip.isActive else { return nil }
        guard let window = windows[trip.id] else { return trip }
        return time >= window.start && time < window.end ? trip : nil
    }

    /// The trip's zone.
    func zone(of tripID: String) -> TimeZone { zones[tripID] ?? TimeZone(identifier: "UTC")! }

    /// Minutes after local midnight at `time` in the trip's zone.
    func localMinute(_ time: Double, tripID: String) -> Int {
        let offset = Double(zone(of: tripID).secondsFromGMT(for: Date(timeIntervalSince1970: time)))
        let seconds = (time + offset).truncatingRemainder(dividingBy: 86_400)
        return Int((seconds < 0 ? seconds + 86_400 : seconds) / 60)
    }

    /// `YYYY-MM-DD` at `time` in the trip's zone.
    func localDay(_ time: Double, tripID: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone(of: tripID)
        let parts = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: time))
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
