import GeoKit

/// A place to open in Maps with directions (`MKMapItem.openInMaps` on the phone).
public struct MapItemRequest: Sendable, Equatable {
    /// The saved place's id.
    public var placeID: String
    /// Its name, shown in Maps.
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate

    /// Creates a request.
    public init(placeID: String, name: String, coordinate: Coordinate) {
        self.placeID = placeID
        self.name = name
        self.coordinate = coordinate
    }
}

/// Opens a place in the maps app (Navigate). ``InMemoryMapItemOpener`` in tests.
public protocol MapItemOpener: Sendable {
    /// Opens Maps with directions to the place; returns whether Maps opened.
    func open(_ request: MapItemRequest) async -> Bool
}
