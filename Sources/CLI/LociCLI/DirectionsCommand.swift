import ArgumentParser
import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import RoutingKit
import Wayfinding

/// `loci directions FROM TO`: a route on foot, by bicycle or by car, from the local road graph
/// (an OSM extract) or from Google Routes.
struct DirectionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "directions",
        abstract: "Directions between two points: distance, time and turn-by-turn steps.",
        discussion: """
            FROM and TO are LAT,LON in decimal degrees, or place names looked up in the place store \
            (--db; the best match for TO is searched near FROM). The local provider routes on the streets of an \
            OSM extract (--osm FILE, else osm/streets.osm.pbf in the data directory) and caches the road \
            graph in the data directory's routing/ folder. --provider google asks the Google Routes API \
            with the key in GOOGLE_MAPS_API_KEY.
            """
    )

    enum Provider: String, ExpressibleByArgument, CaseIterable { case local, google }

    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("Origin and destination, LAT,LON LAT,LON.", valueName: "LAT,LON"))
    var points: [String] = []
    @Option(help: "foot, bike or car.") var mode: TravelMode = .foot
    @Option(help: "The OSM extract (.osm.pbf) to route on.") var osm: String?
    @Option(help: "local or google.") var provider: Provider = .local
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: PlaceDatabaseOption

    func run() async throws {
        let points = try positionalValues(points, shape: ["FROM", "TO"])
        // A folder is refused here; a missing file gets the provider's "no extract" line.
        if let osm, FileManager.default.fileExists(atPath: osm) {
            try FileArgument.readable(osm, option: "--osm", expected: "an OSM extract (.osm.pbf)")
        }
        let origin = try waypoint(points[0], argument: "FROM")
        let destination = try waypoint(points[1], argument: "TO")
        let wayfinder = Wayfinder(provider: directionsProvider(), places: { [database] in
            LocalPlacesProvider(store: try database.open())
        })
        let route: Route
        do {
            route = try await wayfinder.route(from: origin, to: destination, mode: mode)
        } catch {
            throw InputError(message(for: error))
        }
        if json {
            print(try CLIJSON.pretty(route))
            return
        }
        print("\(Self.kilometres(route.distance)), \(Self.minutes(route.duration)) by \(mode.rawValue)")
        for (i, step) in route.steps.enumerated() {
            let distance = step.maneuver == .arrive ? "" : "  (\(Self.kilometres(step.distance)))"
            print("\(i + 1). \(step.instruction)\(distance)")
        }
    }

    /// LAT,LON when the text looks numeric, else a place name.
    private func waypoint(_ text: String, argument: String) throws -> Waypoint {
        let looksNumeric = text.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? true
        return looksNumeric ? .position(try parseCoordinate(text, argument: argument)) : .placeName(text)
    }

    /// `--provider`, with the local extract from `--osm` (else osm/streets.osm.pbf) and the graph
    /// cache in the data directory's routing/ folder.
    private func directionsProvider() -> DirectionsProvider {
        switch provider {
        case .local:
            let extract =
                osm.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
                ?? LociPaths.dataDirectory.appendingPathComponent("osm/streets.osm.pbf")
            return .local(extract: extract, cacheDirectory: LociPaths.dataDirectory.appendingPathComponent("routing"))
        case .google:
            return .google(environment: ProcessInfo.processInfo.environment)
        }
    }

    /// The error as this command words it: FROM/TO and --osm named, the store's path given.
    private func message(for error: WayfinderError) -> String {
        switch error {
        case .noPlace(let end, let name):
            "\(end == .origin ? "FROM" : "TO"): no place matching '\(name)' in \(database.resolved)"
        case .noExtract(let path): "--osm: no extract at \(path) (give an .osm.pbf file)"
        default: error.description
        }
    }

    static func kilometres(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1_000)
    }

    static func minutes(_ seconds: Double) -> String {
        seconds < 60 ? "\(Int(seconds.rounded())) s" : "\(Int((seconds / 60).rounded())) min"
    }
}

extension TravelMode: ExpressibleByArgument {}
