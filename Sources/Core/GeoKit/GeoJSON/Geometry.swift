/// A GeoJSON geometry (RFC 7946 §3.1) with its optional `bbox` member.
///
/// The shapes' invariants are those RFC 7946 states and ``GeoJSON/decode(_:)`` enforces:
/// line strings have at least 2 positions; linear rings at least 4, first equal to last; the
/// first ring of a polygon is its exterior, the rest are holes. Values built by hand are
/// encoded as given, so callers building shapes directly are responsible for them.
public struct Geometry: Sendable, Hashable {
    /// The geometry types of RFC 7946 with their coordinates.
    public indirect enum Shape: Sendable, Hashable {
        /// `"Point"`: one position.
        case point(Position)
        /// `"MultiPoint"`: any number of positions.
        case multiPoint([Position])
        /// `"LineString"`: two or more positions (or none, an empty geometry).
        case lineString([Position])
        /// `"MultiLineString"`: line strings.
        case multiLineString([[Position]])
        /// `"Polygon"`: linear rings, exterior first (counter-clockwise by RFC 7946
        /// recommendation; not enforced on input).
        case polygon([[Position]])
        /// `"MultiPolygon"`: polygons.
        case multiPolygon([[[Position]]])
        /// `"GeometryCollection"`: geometries, nested at most ``GeoJSON/maxCollectionDepth`` deep.
        case geometryCollection([Geometry])

        /// The RFC 7946 `type` string, e.g. `"MultiPolygon"`.
        /// - Complexity: O(1).
        public var typeName: String {
            switch self {
            case .point: "Point"
            case .multiPoint: "MultiPoint"
            case .lineString: "LineString"
            case .multiLineString: "MultiLineString"
            case .polygon: "Polygon"
            case .multiPolygon: "MultiPolygon"
            case .geometryCollection: "GeometryCollection"
            }
        }
    }

    /// The geometry type and coordinates.
    public var shape: Shape
    /// The optional `bbox` member.
    public var bbox: GeoJSONBoundingBox?

    /// Creates a geometry.
    /// - Complexity: O(1).
    public init(_ shape: Shape, bbox: GeoJSONBoundingBox? = nil) {
        self.shape = shape
        self.bbox = bbox
    }
}

extension Geometry {
    /// A GeoJSON position: longitude, latitude and an optional altitude, written
    /// `[longitude, latitude]` or `[longitude, latitude, altitude]` (longitude first).
    ///
    /// Invariants: the coordinate is valid (see ``Coordinate``); the altitude, if any, is finite
    /// (metres above the WGS84 ellipsoid by RFC 7946 convention).
    public struct Position: Sendable, Hashable {
        /// Latitude and longitude in degrees.
        public let coordinate: Coordinate
        /// Height in metres, if given.
        public let altitude: Double?

        /// A position without altitude.
        /// - Complexity: O(1).
        public init(_ coordinate: Coordinate) {
            self.coordinate = coordinate
            self.altitude = nil
        }

        /// A position with an altitude in metres.
        /// - Throws: ``GeoJSONError`` (kind `.invalidGeoJSON`) when `altitude` is not finite.
        /// - Complexity: O(1).
        public init(_ coordinate: Coordinate, altitude: Double) throws(GeoJSONError) {
            guard altitude.isFinite else {
                throw GeoJSONError(
                    .invalidGeoJSON, at: .root.appending(2), "altitude \(altitude) is not finite")
            }
            self.coordinate = coordinate
            self.altitude = altitude
        }

        /// A position from longitude and latitude in degrees (note the GeoJSON order).
        /// - Throws: ``GeoJSONError`` naming the out-of-range or non-finite number.
        /// - Complexity: O(1).
        public init(longitude: Double, latitude: Double, altitude: Double? = nil) throws(GeoJSONError) {
            self = try Position.make([longitude, latitude] + (altitude.map { [$0] } ?? []), at: .root)
        }

        /// Validates 2 or 3 numbers as a position; errors name the element at fault under `path`.
        static func make(_ numbers: [Double], at path: JSONPath) throws(GeoJSONError) -> Position {
            guard numbers.count == 2 || numbers.count == 3 else {
                throw GeoJSONError(
                    .invalidGeoJSON, at: path, "a position needs 2 or 3 numbers, found \(numbers.count)")
            }
            let longitude = numbers[0]
            let latitude = numbers[1]
            guard longitude.isFinite, (-180...180).contains(longitude) else {
                throw GeoJSONError(
                    .invalidGeoJSON, at: path.appending(0), "longitude \(longitude) is outside -180…180")
            }
            guard latitude.isFinite, (-90...90).contains(latitude) else {
                throw GeoJSONError(
                    .invalidGeoJSON, at: path.appending(1), "latitude \(latitude) is outside -90…90")
            }
            let coordinate = Coordinate(uncheckedLatitude: latitude, longitude: longitude)
            guard numbers.count == 3 else { return Position(coordinate) }
            guard numbers[2].isFinite else {
                throw GeoJSONError(
                    .invalidGeoJSON, at: path.appending(2), "altitude \(numbers[2]) is not finite")
            }
            return Position(coordinate: coordinate, altitude: numbers[2])
        }

        private init(coordinate: Coordinate, altitude: Double) {
            self.coordinate = coordinate
            self.altitude = altitude
        }
    }
}

/// A GeoJSON `bbox` member (RFC 7946 §5): `[west, south, east, north]`, or with altitudes
/// `[west, south, minAltitude, east, north, maxAltitude]`. May cross the antimeridian
/// (`west > east`).
///
/// Invariants: ``box`` is valid; altitudes are both present or both absent, finite.
public struct GeoJSONBoundingBox: Sendable, Hashable {
    /// The horizontal extent.
    public let box: BoundingBox
    /// Lowest and highest altitude in metres, if given.
    public let altitudes: ClosedRange<Double>?

    /// Creates a bbox member.
    /// - Complexity: O(1).
    public init(_ box: BoundingBox, altitudes: ClosedRange<Double>? = nil) {
        self.box = box
        self.altitudes = altitudes.flatMap { $0.lowerBound.isFinite && $0.upperBound.isFinite ? $0 : nil }
    }

    /// The numbers in RFC 7946 order.
    var numbers: [Double] {
        guard let altitudes else { return [box.west, box.south, box.east, box.north] }
        return [box.west, box.south, altitudes.lowerBound, box.east, box.north, altitudes.upperBound]
    }
}
