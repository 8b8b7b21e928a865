import ArgumentParser
import GeoKit

/// `loci geo direct LAT,LON AZIMUTH DISTANCE_M`: where a geodesic ends.
struct GeoDirectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "direct",
        abstract:
            "The point reached from LAT,LON after DISTANCE_M metres on AZIMUTH degrees (WGS84, Karney 2013).",
        usage: "loci geo direct LAT,LON AZIMUTH DISTANCE_M [--json]"
    )

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "LAT,LON AZIMUTH DISTANCE_M (degrees clockwise from north; metres, negative goes backwards).",
            valueName: "LAT,LON AZIMUTH DISTANCE_M"))
    var values: [String] = []

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Output: Encodable {
        let from: Coordinate
        let destination: Coordinate
        let lat1: Double, lon1: Double, azi1: Double, s12: Double
        let lat2: Double, lon2: Double, azi2: Double
        let final_azimuth_deg: Double
    }

    mutating func run() throws {
        let values = try positionalValues(values, shape: ["LAT,LON", "AZIMUTH", "DISTANCE_M"])
        let from = try parseCoordinate(values[0], argument: "start point")
        let azimuth = try parseNumber(values[1], argument: "azimuth")
        let distance = try parseNumber(values[2], argument: "distance")
        let result = try Geodesic.wgs84.direct(from: from, azimuth: azimuth, distance: distance)
        let output = Output(
            from: from, destination: result.destination,
            lat1: from.latitude, lon1: from.longitude, azi1: azimuth, s12: distance,
            lat2: result.destination.latitude, lon2: result.destination.longitude,
            azi2: result.finalAzimuth, final_azimuth_deg: result.finalAzimuth)
        if json {
            print(try CLIJSON.pretty(output))
        } else {
            print(
                """
                destination      \(OutputFormat.number(result.destination.latitude, decimals: 9)),\
                \(OutputFormat.number(result.destination.longitude, decimals: 9))
                final azimuth    \(OutputFormat.number(result.finalAzimuth, decimals: 9))°
                """)
        }
    }
}
