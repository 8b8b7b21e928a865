import Foundation
import GeoKit
import PlaceKit

/// A trip and its places as one JSON file (what `loci proximity replay --places` and the
/// committed test sets use):
///
/// ```json
/// {"trip": {"name": "Helsinki walk", "alert_radius_m": 200, "time_zone": "Europe/Helsinki",
///           "start_date": "2025-06-16", "end_date": "2025-06-22", "active": true,
///           "quiet_hours": {"start": "22:00", "end": "07:00"}},
///  "places": [{"id": "osm:node/123", "name": "Café Regatta", "lat": 60.18, "lon": 24.91,
///              "category": "cafe", "opening_hours": "Mo-Su 08:00-21:00",
///              "radius_m": 150, "note": "ask for the window table"}]}
/// ```
/// Only `trip.name` and each place's `id`, `name`, `lat`, `lon` are required; the radius defaults
/// to 500 m and the zone to UTC. A place's `radius_m` overrides the trip's; files without it read
/// as before. ``json()`` writes the same format (`PlaceSet+JSON.swift`).
public struct PlaceSet: Sendable, Equatable {
    /// The trip (id `file`).
    public var trip: Trip
    /// Its places.
    public var places: [SavedPlace]

    /// A set from its parts (not validated: ``json()`` writes what it is given).
    public init(trip: Trip, places: [SavedPlace]) {
        self.trip = trip
        self.places = places
    }

    /// Decodes and validates a file's bytes; errors name the field (`places[3].lat`).
    public init(json data: Data) throws(ProximityFieldError) {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ProximityFieldError(field: Self.path(context.codingPath + [key]), "is missing")
        } catch let DecodingError.typeMismatch(_, context) {
            throw ProximityFieldError(field: Self.path(context.codingPath), "has the wrong type")
        } catch let DecodingError.valueNotFound(_, context) {
            throw ProximityFieldError(field: Self.path(context.codingPath), "is null")
        } catch {
            throw ProximityFieldError(field: nil, "not a place set: invalid JSON")
        }
        var quiet: QuietHours?
        if let q = file.trip.quiet_hours {
            guard let window = QuietHours(start: q.start, end: q.end) else {
                throw ProximityFieldError(field: "trip.quiet_hours", "must be HH:MM times")
            }
            quiet = window
        }
        trip = Trip(
            id: "file", name: file.trip.name, startDate: file.trip.start_date, endDate: file.trip.end_date,
            isActive: file.trip.active ?? true, alertRadius: file.trip.alert_radius_m ?? 500, quietHours: quiet,
            timeZone: file.trip.time_zone ?? "UTC")
        do { try TripValidation.check(trip) } catch { throw ProximityFieldError(field: "trip.\(error.field ?? "")", error.message) }
        places = []
        for (index, p) in file.places.enumerated() {
            guard let coordinate = try? Coordinate(latitude: p.lat, longitude: p.lon) else {
                throw ProximityFieldError(field: "places[\(index)].lat/lon", "\(p.lat),\(p.lon) is not a valid position")
            }
            let place = SavedPlace(
                id: p.id, tripID: "file", name: p.name, coordinate: coordinate, category: p.category,
                openingHours: p.opening_hours.map { OpeningHours($0) }, alertRadius: p.radius_m, note: p.note)
            do { try TripValidation.check(place) } catch { throw ProximityFieldError(field: "places[\(index)].\(error.field ?? "")", error.message) }
            places.append(place)
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
            .replacingOccurrences(of: ".[", with: "[")
    }

    struct File: Codable {
        struct TripFields: Codable {
            let name: String
            let alert_radius_m: Double?
            let time_zone: String?
            let start_date: String?
            let end_date: String?
            let active: Bool?
            let quiet_hours: Quiet?
        }
        struct Quiet: Codable {
            let start: String
            let end: String
        }
        struct PlaceFields: Codable {
            let id: String
            let name: String
            let lat: Double
            let lon: Double
            let category: String?
            let opening_hours: String?
            let radius_m: Double?
            let note: String?
        }
        let trip: TripFields
        let places: [PlaceFields]
    }
}
