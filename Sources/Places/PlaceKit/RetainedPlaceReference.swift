import Foundation
import GeoKit

/// What may be stored about a place from a provider whose terms restrict caching (Google Maps
/// Platform): its id, and its position for at most ``maximumCoordinateAge``.
///
/// Google allows place ids to be kept indefinitely and latitude/longitude for up to 30 days;
/// names, addresses, hours, photos and ratings must be fetched again when shown. A bookmark of
/// a Google place therefore stores this value (plus the user's own notes), never a ``Place``.
/// Places from unrestricted providers (OSM, under the ODbL) keep their position without expiry.
///
/// Encodes as `{"id", "latitude", "longitude", "coordinateSavedAt"}`: nothing else can leak into
/// storage because nothing else is held.
public struct RetainedPlaceReference: Sendable, Hashable, Codable {
    /// How long a restricted provider's coordinate may be kept: 30 days.
    public static let maximumCoordinateAge: TimeInterval = 30 * 86_400
    /// Provider prefixes (``PlaceID/provider``) whose positions expire.
    public static let restrictedProviders: Set<String> = ["google"]

    /// The place id (kept indefinitely).
    public let id: PlaceID
    /// The position when it was saved, if it has not been dropped.
    public private(set) var coordinate: Coordinate?
    /// When ``coordinate`` was saved.
    public private(set) var coordinateSavedAt: Date?

    /// Keeps `place`'s id and position, stamped with `now` (passed in: no hidden clock).
    public init(place: Place, savedAt now: Date) {
        self.init(id: place.id, coordinate: place.coordinate, savedAt: now)
    }

    /// A reference from its parts; the coordinate is dropped when it lacks a timestamp.
    public init(id: PlaceID, coordinate: Coordinate?, savedAt: Date?) {
        self.id = id
        self.coordinate = savedAt == nil ? nil : coordinate
        self.coordinateSavedAt = coordinate == nil ? nil : savedAt
    }

    /// Whether this provider's positions expire.
    public var isRestricted: Bool { Self.restrictedProviders.contains(id.provider) }

    /// The position if it may still be used at `now`: always for unrestricted providers; for
    /// restricted ones only until ``maximumCoordinateAge`` after it was saved (a save time in
    /// the future counts as expired, since the clock that wrote it cannot be trusted).
    public func coordinate(at now: Date) -> Coordinate? {
        guard let coordinate, let saved = coordinateSavedAt else { return nil }
        guard isRestricted else { return coordinate }
        let age = now.timeIntervalSince(saved)
        return age >= 0 && age <= Self.maximumCoordinateAge ? coordinate : nil
    }

    /// This reference as it may be stored at `now`: the same, or without its position once expired.
    public func pruned(at now: Date) -> RetainedPlaceReference {
        coordinate(at: now) == nil ? RetainedPlaceReference(id: id, coordinate: nil, savedAt: nil) : self
    }

    private enum CodingKeys: String, CodingKey { case id, latitude, longitude, coordinateSavedAt }

    /// Decodes the four fields; a coordinate needs both halves and a time, else it is dropped.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(PlaceID.self, forKey: .id)
        let latitude = try container.decodeIfPresent(Double.self, forKey: .latitude)
        let longitude = try container.decodeIfPresent(Double.self, forKey: .longitude)
        let saved = try container.decodeIfPresent(Date.self, forKey: .coordinateSavedAt)
        var coordinate: Coordinate?
        if let latitude, let longitude {
            do {
                coordinate = try Coordinate(latitude: latitude, longitude: longitude)
            } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .latitude, in: container, debugDescription: "\(error)")
            }
        }
        self.init(id: id, coordinate: coordinate, savedAt: saved)
    }

    /// Encodes the id, and the position with its time when present.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encodeIfPresent(coordinate?.latitude, forKey: .latitude)
        try container.encodeIfPresent(coordinate?.longitude, forKey: .longitude)
        try container.encodeIfPresent(coordinateSavedAt, forKey: .coordinateSavedAt)
    }
}
