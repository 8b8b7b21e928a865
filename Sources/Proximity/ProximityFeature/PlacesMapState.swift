import GeoKit
import ProximityKit

/// A map annotation for a saved place.
public struct PlaceAnnotation: Sendable, Equatable, Identifiable {
    /// The place's id.
    public var id: String
    /// Its name (the marker's title).
    public var title: String
    /// Where it is.
    public var coordinate: Coordinate
    /// Its alert radius in metres (its own, else its trip's): the circle drawn around it.
    public var radius: Double
    /// Whether the OS is watching it now.
    public var isMonitored: Bool
    /// The user's note, shown in the marker's details.
    public var note: String? = nil
    /// Whether the user has been there (its alert opened).
    public var isVisited: Bool = false
    /// Whether its alert went off and the user is still near it.
    public var isAlerting: Bool = false
}

/// The visible map area: a centre and spans in degrees (MapKit's `MKCoordinateRegion`).
public struct MapRegion: Sendable, Equatable {
    /// The centre.
    public var center: Coordinate
    /// North–south span, degrees.
    public var latitudeDelta: Double
    /// East–west span, degrees.
    public var longitudeDelta: Double

    /// The region showing every coordinate with a 20 % margin (at least ~1 km across), or `nil`
    /// for none. Does not wrap the antimeridian: places on both sides get a wide region.
    public static func fitting(_ coordinates: [Coordinate]) -> MapRegion? {
        guard let first = coordinates.first else { return nil }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for c in coordinates.dropFirst() {
            south = min(south, c.latitude)
            north = max(north, c.latitude)
            west = min(west, c.longitude)
            east = max(east, c.longitude)
        }
        guard let center = try? Coordinate(latitude: (south + north) / 2, longitude: (west + east) / 2) else { return nil }
        return MapRegion(
            center: center, latitudeDelta: min(180, max(0.01, (north - south) * 1.2)), longitudeDelta: min(360, max(0.01, (east - west) * 1.2)))
    }
}

/// What the places map shows: its region, the markers, the refresh region and the user's last fix.
public struct PlacesMapState: Sendable, Equatable {
    /// The area to show.
    public var region: MapRegion?
    /// One marker per place.
    public var annotations: [PlaceAnnotation]
    /// The refresh region the OS is watching, drawn as a circle.
    public var refreshRegion: MonitoredRegion?
    /// Where the user was last.
    public var userLocation: Coordinate?
}
