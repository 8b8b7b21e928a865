import Foundation
import GeoKit
import ProximityKit

/// Writes a trip's places as GeoJSON, GPX 1.1 or Loci's JSON; ``PlaceFileReader`` reads each
/// back to the same places (GeoJSON and GPX carry no trip: only Loci JSON keeps its settings).
///
/// Output is deterministic: the same trip and places give the same bytes.
public enum PlaceFileWriter {
    /// The places of `trip` in `format`.
    /// - Complexity: O(n) in the number of places.
    public static func write(_ places: [SavedPlace], of trip: Trip, as format: PlaceFileFormat) -> Data {
        switch format {
        case .geoJSON: geoJSON(places)
        case .gpx: gpx(places, tripName: trip.name)
        case .lociJSON: PlaceSet(trip: trip, places: places).json()
        }
    }

    /// A FeatureCollection, one Point feature per place: the id as the feature's `id`; `name`,
    /// and when set `category`, `opening_hours`, `radius_m`, `note` as properties.
    static func geoJSON(_ places: [SavedPlace]) -> Data {
        let features = places.map { place in
            var properties: [String: JSONValue] = ["name": .string(place.name)]
            if let category = place.category { properties["category"] = .string(category) }
            if let hours = place.openingHours { properties["opening_hours"] = .string(hours.raw) }
            if let radius = place.alertRadius { properties["radius_m"] = .number(radius) }
            if let note = place.note { properties["note"] = .string(note) }
            return Feature(id: .string(place.id), geometry: Geometry(.point(Geometry.Position(place.coordinate))), properties: properties)
        }
        return GeoJSON.featureCollection(FeatureCollection(features: features)).encode()
    }
}
