import GeoKit

/// Names a point for a dropped pin: reverse geocoding (`CLGeocoder` on the phone,
/// ``InMemoryReverseGeocoder`` in tests).
public protocol ReverseGeocoder: Sendable {
    /// A short name for what is at `coordinate` ("Ateneum", "Kaivokatu 2, Helsinki"), or `nil`
    /// when the geocoder knows nothing there. Throws when it cannot answer (offline, throttled).
    func name(for coordinate: Coordinate) async throws -> String?
}

/// Why a reverse geocoder did not answer.
public struct ReverseGeocoderError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, in one line ("offline").
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    /// "reverse geocoding: offline".
    public var description: String { "reverse geocoding: \(message)" }
}
