import Foundation

/// A point on the WGS84 ellipsoid, in degrees.
///
/// Invariants: `latitude` is finite and in −90…90; `longitude` is finite and in −180…180.
/// The validating initialiser enforces them; hot paths that already hold valid values may use
/// ``init(uncheckedLatitude:longitude:)``.
public struct Coordinate: Sendable, Hashable, Codable {
    /// Geodetic latitude in degrees, −90…90 (positive north).
    public let latitude: Double
    /// Longitude in degrees, −180…180 (positive east).
    public let longitude: Double

    /// Creates a coordinate, refusing NaN, infinities and out-of-range values.
    ///
    /// - Throws: ``CoordinateError`` naming the offending field and value.
    public init(latitude: Double, longitude: Double) throws(CoordinateError) {
        guard latitude.isFinite else { throw .notFinite(field: "latitude", value: latitude) }
        guard longitude.isFinite else { throw .notFinite(field: "longitude", value: longitude) }
        guard (-90...90).contains(latitude) else { throw .latitudeOutOfRange(latitude) }
        guard (-180...180).contains(longitude) else { throw .longitudeOutOfRange(longitude) }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// Creates a coordinate from a finite latitude and any finite longitude, wrapping the
    /// longitude into −180…180 (so 190 becomes −170).
    public init(latitude: Double, wrappingLongitude longitude: Double) throws(CoordinateError) {
        guard longitude.isFinite else { throw .notFinite(field: "longitude", value: longitude) }
        try self.init(latitude: latitude, longitude: Angle.wrapDegrees(longitude))
    }

    /// Creates a coordinate without validation. The caller guarantees the invariants;
    /// they are checked in debug builds only.
    @inlinable
    public init(uncheckedLatitude latitude: Double, longitude: Double) {
        assert(latitude.isFinite && abs(latitude) <= 90, "latitude out of range: \(latitude)")
        assert(longitude.isFinite && abs(longitude) <= 180, "longitude out of range: \(longitude)")
        self.latitude = latitude
        self.longitude = longitude
    }

    private enum CodingKeys: String, CodingKey {
        case latitude
        case longitude
    }

    /// Decodes `{"latitude": …, "longitude": …}` and validates like ``init(latitude:longitude:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let latitude = try container.decode(Double.self, forKey: .latitude)
        let longitude = try container.decode(Double.self, forKey: .longitude)
        do {
            try self.init(latitude: latitude, longitude: longitude)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: error.description)
        }
    }
}

/// Why a coordinate was refused.
public enum CoordinateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The named field was NaN or infinite.
    case notFinite(field: String, value: Double)
    /// Latitude outside −90…90.
    case latitudeOutOfRange(Double)
    /// Longitude outside −180…180.
    case longitudeOutOfRange(Double)
    /// Text that is not `LAT,LON`.
    case unparseable(text: String, reason: String)

    public var description: String {
        switch self {
        case .notFinite(let field, let value): "\(field) must be a finite number, got \(value)"
        case .latitudeOutOfRange(let value): "latitude \(value) is outside -90...90"
        case .longitudeOutOfRange(let value): "longitude \(value) is outside -180...180"
        case .unparseable(let text, let reason): "cannot read '\(text)' as LAT,LON: \(reason)"
        }
    }
}

extension Coordinate: CustomStringConvertible {
    /// `LAT,LON` with up to 7 decimals (about 1 cm).
    public var description: String {
        "\(Coordinate.formatDegrees(latitude)),\(Coordinate.formatDegrees(longitude))"
    }

    /// Degrees as text with up to 7 decimals (about 1 cm), trailing zeros dropped: "60.1699".
    public static func formatDegrees(_ value: Double) -> String {
        var text = String(format: "%.7f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}

extension Coordinate {
    /// Parses `LAT,LON` (decimal degrees, optional spaces), as typed on a command line.
    ///
    /// - Throws: ``CoordinateError/unparseable(text:reason:)`` or a range error.
    public init(parsing text: String) throws(CoordinateError) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2 else {
            throw .unparseable(text: text, reason: "expected two numbers separated by a comma")
        }
        let trimmed = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard let latitude = Double(trimmed[0]) else {
            throw .unparseable(text: text, reason: "latitude '\(trimmed[0])' is not a number")
        }
        guard let longitude = Double(trimmed[1]) else {
            throw .unparseable(text: text, reason: "longitude '\(trimmed[1])' is not a number")
        }
        try self.init(latitude: latitude, longitude: longitude)
    }
}
