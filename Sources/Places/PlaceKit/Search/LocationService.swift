import GeoKit

/// Geocoding in both directions (`and-away.md` §5 `LocationService`).
///
/// The seed's `getCurrentLocation()` is not here: the device position comes from CoreLocation
/// in the Apple shell, which passes it in as a ``Coordinate``.
public protocol LocationService: Sendable {
    /// Reverse geocoding: the best label for the point ("Kallio, Helsinki"), or nil when the
    /// provider knows nothing near it.
    func address(for coordinate: Coordinate) async throws -> GeocodeResult?
    /// Forward geocoding: positions for a place name or address, best first (empty when nothing
    /// matches). `near` biases the answer towards a point when given.
    func locations(for query: String, near: Coordinate?, limit: Int) async throws -> [GeocodeResult]
}

/// One geocoding answer: a position with a label and where it came from.
public struct GeocodeResult: Sendable, Hashable, Codable {
    /// What kind of thing the answer is.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// A point of interest or addressed place from a place store.
        case place
        /// A populated place (town, city, neighbourhood) from a gazetteer.
        case locality
    }

    /// The position.
    public var coordinate: Coordinate
    /// A one-line label: "Ateneum, Kaivokatu 2, 00100 Helsinki, FI", "Kallio, Helsinki".
    public var label: String
    /// What the answer is.
    public var kind: Kind
    /// The place's id when the answer is a stored place.
    public var placeID: PlaceID?
    /// The town or city the position belongs to, when known.
    public var locality: String?
    /// ISO 3166-1 alpha-2 country code, when known.
    public var countryCode: String?
    /// Metres from the queried point (reverse geocoding) or from `near` (forward), when there was one.
    public var distance: Double?

    /// Creates an answer.
    public init(
        coordinate: Coordinate, label: String, kind: Kind, placeID: PlaceID? = nil, locality: String? = nil,
        countryCode: String? = nil, distance: Double? = nil
    ) {
        self.coordinate = coordinate
        self.label = label
        self.kind = kind
        self.placeID = placeID
        self.locality = locality
        self.countryCode = countryCode
        self.distance = distance
    }
}
