import GeoKit
import PlaceKit

/// A pin on the results map.
public struct MapPin: Sendable, Hashable, Identifiable {
    /// The place's id.
    public var id: PlaceID
    /// Its title.
    public var title: String
    /// Where it is.
    public var coordinate: Coordinate
    /// The category's SF Symbol.
    public var symbolName: String
    /// Saved places are drawn differently.
    public var isSaved: Bool
}

/// The visible part of the map: a centre and spans in degrees (MapKit's coordinate region).
public struct MapViewport: Sendable, Hashable {
    /// The centre.
    public var center: Coordinate
    /// Height in degrees of latitude.
    public var latitudeSpan: Double
    /// Width in degrees of longitude.
    public var longitudeSpan: Double

    /// A viewport.
    public init(center: Coordinate, latitudeSpan: Double, longitudeSpan: Double) {
        self.center = center
        self.latitudeSpan = latitudeSpan
        self.longitudeSpan = longitudeSpan
    }

    /// The smallest viewport showing every point with a 20 % margin (at least about 500 m across);
    /// nil for no points. Points across the antimeridian are not handled (spans would be wide).
    public static func fitting(_ points: [Coordinate]) -> MapViewport? {
        guard let first = points.first else { return nil }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for point in points.dropFirst() {
            south = min(south, point.latitude)
            north = max(north, point.latitude)
            west = min(west, point.longitude)
            east = max(east, point.longitude)
        }
        return MapViewport(
            center: Coordinate(uncheckedLatitude: (south + north) / 2, longitude: (west + east) / 2),
            latitudeSpan: max(0.005, (north - south) * 1.2), longitudeSpan: max(0.005, (east - west) * 1.2))
    }
}

/// What the map shows: pins, the selected one, the user, and the viewport.
public struct AndAwayMapState: Sendable, Hashable {
    /// Pins of the current results.
    public var pins: [MapPin] = []
    /// The selected pin.
    public var selected: PlaceID?
    /// The user's position.
    public var userLocation: Coordinate?
    /// The viewport to show (fits the pins, else around the user).
    public var viewport: MapViewport?

    /// An empty map.
    public init() {}
}
