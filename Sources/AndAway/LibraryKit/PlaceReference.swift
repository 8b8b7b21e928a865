/// Which provider a bookmarked place comes from.
public enum PlaceProvider: String, Sendable, Hashable, Codable, CaseIterable {
    /// The local place store (OpenStreetMap): everything about the place may be stored.
    case local
    /// Google Places: only the place id may be kept indefinitely, its position at most 30 days
    /// (Maps Platform terms); details are fetched again when shown.
    case google
    /// A place the user made (a dropped pin, an imported waypoint).
    case custom
}

/// A reference to a place at a provider: the provider and its id for the place.
public struct PlaceReference: Sendable, Hashable, Codable {
    /// The provider.
    public var provider: PlaceProvider
    /// The provider's id (`osm:node/123`, a Google place id, or any id for a custom place).
    public var id: String

    /// A reference to `id` at `provider`.
    public init(provider: PlaceProvider, id: String) {
        self.provider = provider
        self.id = id
    }
}
