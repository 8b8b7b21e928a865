import ArgumentParser
import GeoKit

/// `loci geo inverse LAT,LON LAT,LON`: distance and azimuths on the WGS84 ellipsoid.
struct GeoInverseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inverse",
        abstract: "Shortest distance and azimuths between two points on the WGS84 ellipsoid (Karney 2013).",
        usage: "loci geo inverse LAT,LON LAT,LON [--json]"
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("The two points, LAT,LON LAT,LON.", valueName: "LAT,LON"))
    var points: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    /// The JSON answer; GeographicLib's names (s12, azi1, azi2) plus descriptive ones.
    struct Output: Encodable {
        let from: Coordinate
        let to: Coordinate
        let lat1: Double, lon1: Double, lat2: Double, lon2: Double
        let s12: Double
        let azi1: Double
        let azi2: Double
        let distance_m: Double
        let initial_azimuth_deg: Double
        let final_azimuth_deg: Double
        let haversine_m: Double
        let compass: String
    }

    mutating func run() throws {
        let (from, to) = try Self.parsePair(points)
        let result = Geodesic.wgs84.inverse(from, to)
        let haversine = Haversine.distance(from, to)
        let bearing = Angle.normalizeBearing(result.initialAzimuth)
        let output = Output(
            from: from, to: to,
            lat1: from.latitude, lon1: from.longitude, lat2: to.latitude, lon2: to.longitude,
            s12: result.distance, azi1: result.initialAzimuth, azi2: result.finalAzimuth,
            distance_m: result.distance, initial_azimuth_deg: result.initialAzimuth,
            final_azimuth_deg: result.finalAzimuth, haversine_m: haversine,
            compass: Compass.describe(distance: result.distance, bearing: bearing))
        if json {
            print(try CLIJSON.pretty(output))
        } else {
            print(
                """
                distance         \(OutputFormat.number(result.distance, decimals: 4)) m  (\(output.compass))
                initial azimuth  \(OutputFormat.number(result.initialAzimuth, decimals: 9))°
                final azimuth    \(OutputFormat.number(result.finalAzimuth, decimals: 9))°
                haversine        \(OutputFormat.number(haversine, decimals: 4)) m on the mean sphere
                """)
        }
    }

    static func parsePair(_ points: [String]) throws -> (Coordinate, Coordinate) {
        let points = try positionalValues(points, shape: ["LAT,LON", "LAT,LON"])
        return (
            try parseCoordinate(points[0], argument: "first point"),
            try parseCoordinate(points[1], argument: "second point")
        )
    }
}
