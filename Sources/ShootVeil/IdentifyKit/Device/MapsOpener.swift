import GeoKit

/// A place handed to the maps app: a name and where it is.
public struct MapsHandOff: Sendable, Hashable {
    /// What Maps shows as the destination's name.
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate

    /// A hand-off from its parts.
    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// Opens the maps app on a place (`MKMapItem.openInMaps` on the phone). ``InMemoryMapsOpener`` in tests.
public protocol MapsOpener: Sendable {
    /// Opens Maps on the place; returns whether it opened.
    func open(_ place: MapsHandOff) async -> Bool
}
