import Foundation


/// Why a trip, a place or the trip store refused something, naming the field when one is at fault.
public struct ProximityFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The field (`name`, `alert_radius_m`, `start_date`, …), or nil for a storage failure.
    public var field: String?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(field: String?, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { field.map { "\($0): \(message)" } ?? message }
}

/// The rules trips and saved places must satisfy before they are written.
public enum TripValidation {
    /// Allowed alert radii, metres (iOS regions below ~100 m are unreliable; above 50 km useless).
    public static let radiusRange = 50.0...50_000.0
    /// Longest place note, in characters.
    public static let noteLimit = 2_000

    /// Checks every field of `trip`.
    public static func check(_ trip: Trip) throws(ProximityFieldError) {
        let name = trip.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw ProximityFieldError(field: "name", "must not be empty") }
        guard name.count <= 200 else { throw ProximityFieldError(field: "name", "is longer than 200 characters") }
        guard radiusRange.contains(trip.alertRadius) else {
            throw ProximityFieldError(field: "alert_radius_m", "must be between 50 and 50000 metres, not \(trip.alertRadius)")
        }
        for (field, value) in [("start_date", trip.startDate), ("end_date", trip.endDate)] {
            if let value, !isDate(value) { throw ProximityFieldError(field: field, "'\(value)' is not a date YYYY-MM-DD") }
        }
        if let start = trip.startDate, let end = trip.endDate, start > end {
            throw ProximityFieldError(field: "end_date", "\(end) is before start_date \(start)")
        }
        guard TimeZone(identifier: trip.timeZone) != nil else {
            throw ProximityFieldError(field: "time_zone", "'\(trip.timeZone)' is not an IANA time zone")
        }
        if let quiet = trip.quietHours, !(0..<1_440).contains(quiet.start) || !(0..<1_440).contains(quiet.end) || quiet.start == quiet.end {
            throw ProximityFieldError(field: "quiet_hours", "must be two different times of day")
        }
    }

    /// Checks every field of `place`.
    public static func check(_ place: SavedPlace) throws(ProximityFieldError) {
        guard !place.id.isEmpty, place.id.count <= 200 else { throw ProximityFieldError(field: "id", "must be 1–200 characters") }
        guard !place.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ProximityFieldError(field: "name", "must not be empty")
        }
        if let radius = place.alertRadius, !radiusRange.contains(radius) {
            throw ProximityFieldError(field: "radius_m", "must be between 50 and 50000 metres, not \(radius)")
        }
        if let note = place.note, note.count > noteLimit {
            throw ProximityFieldError(field: "note", "is longer than \(noteLimit) characters")
        }
    }

    /// Parses "HH:MM" into minutes after midnight.
    public static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":")
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2, let h = Int(parts[0]), let m = Int(parts[1]),
            (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        return h * 60 + m
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]), (1...12).contains(m), d >= 1
        else { return false }
        let days = [31, (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return d <= days[m - 1]
    }
}
