import GeoKit
import PlaceKit

/// A place of interest saved to a trip (seed: name, coordinates, a provider place id).
public struct SavedPlace: Sendable, Equatable, Codable, Identifiable {
    /// Stable id within the planner (e.g. the place-store id `osm:n123` or a provider id).
    public var id: String
    /// The trip it belongs to.
    public var tripID: String
    /// Display name: "Blue Bottle Coffee".
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate
    /// Standard category id from ``PlaceKit/CategoryRegistry`` ("cafe", "restaurant"), if known.
    public var category: String?
    /// OSM `opening_hours`, if known (closed places are not announced).
    public var openingHours: OpeningHours?
    /// This place's alert radius in metres, overriding its trip's ``Trip/alertRadius``; `nil`
    /// uses the trip's. Within ``TripValidation/radiusRange`` when set.
    public var alertRadius: Double?
    /// The user's note ("ask for the window table"), at most ``TripValidation/noteLimit`` characters.
    public var note: String?
    /// When the user first opened an alert for this place (seconds since 1970), `nil` while
    /// not visited: what a trip's progress ("3 of 12 visited") counts.
    public var visitedAt: Double?

    /// Creates a saved place.
    public init(
        id: String, tripID: String, name: String, coordinate: Coordinate, category: String? = nil,
        openingHours: OpeningHours? = nil, alertRadius: Double? = nil, note: String? = nil, visitedAt: Double? = nil
    ) {
        self.id = id
        self.tripID = tripID
        self.name = name
        self.coordinate = coordinate
        self.category = category
        self.openingHours = openingHours
        self.alertRadius = alertRadius
        self.note = note
        self.visitedAt = visitedAt
    }

    /// Whether the user has been there (opened its alert).
    public var isVisited: Bool { visitedAt != nil }

    /// The radius the planner uses for this place: its own, else `trip`'s.
    public func radius(in trip: Trip) -> Double { alertRadius ?? trip.alertRadius }
}

/// A trip: its dates, whether it is switched on, its alert radius and quiet hours.
public struct Trip: Sendable, Equatable, Codable, Identifiable {
    /// Stable id.
    public var id: String
    /// Display name.
    public var name: String
    /// First day (in ``timeZone``), inclusive; `nil` = open.
    public var startDate: String?
    /// Last day (in ``timeZone``), inclusive, `YYYY-MM-DD`; `nil` = open.
    public var endDate: String?
    /// Switched on by the user.
    public var isActive: Bool
    /// Alert radius in metres for the trip's places that have none of their own (seed: 500 m).
    public var alertRadius: Double
    /// Minutes of the local day during which nothing is announced (may wrap midnight).
    public var quietHours: QuietHours?
    /// IANA zone for dates, quiet hours, opening hours and meal times.
    public var timeZone: String

    /// Creates a trip.
    public init(
        id: String, name: String, startDate: String? = nil, endDate: String? = nil, isActive: Bool = true,
        alertRadius: Double = 500, quietHours: QuietHours? = nil, timeZone: String = "UTC"
    ) {
        self.id = id
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.isActive = isActive
        self.alertRadius = alertRadius
        self.quietHours = quietHours
        self.timeZone = timeZone
    }
}

/// A daily window in minutes after local midnight; `start > end` wraps midnight (22:00–07:00).
public struct QuietHours: Sendable, Equatable, Codable {
    /// First minute, 0..<1440.
    public var start: Int
    /// Minute the window ends (exclusive), 0..<1440.
    public var end: Int

    /// Creates a window.
    public init(start: Int, end: Int) {
        self.start = start
        self.end = end
    }

    /// Whether `minute` (0..<1440) falls inside.
    public func contains(_ minute: Int) -> Bool {
        start <= end ? (start..<end).contains(minute) : minute >= start || minute < end
    }
}
