import ArgumentParser
import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import GoogleRoutes
import RoutingKit

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
        let origin = try await resolve(points[0], argument: "FROM", near: nil)
        let destination = try await resolve(points[1], argument: "TO", near: origin)
        let service: any DirectionsService
        switch provider {
        case .local:
            service = LocalDirectionsService(graph: try Self.loadGraph(osm))
        case .google:
            do { service = try GoogleRoutesDirectionsService() } catch { throw InputError(error.description) }
        }
        let route: Route
        do {
            route = try await service.directions(from: origin, to: destination, mode: mode)
        } catch {
            throw InputError(error.description)
        }
        if json {
            print(try OutputFormat.json(route))
            return
        }
        print("\(Self.kilometres(route.distance)), \(Self.minutes(route.duration)) by \(mode.rawValue)")
        for (i, step) in route.steps.enumerated() {
            let distance = step.maneuver == .arrive ? "" : "  (\(Self.kilometres(step.distance)))"
            print("\(i + 1). \(step.instruction)\(distance)")
        }
    }

    /// A point from LAT,LON, or from the best place-store match for a name (searched near `near`).
    private func resolve(_ text: String, argument: String, near: Coordinate?) async throws -> Coordinate {
        let looksNumeric = text.first.map { $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." } ?? true
        if looksNumeric { return try parseCoordinate(text, argument: argument) }
        let store = try database.open()
        let results = try await LocalPlacesProvider(store: store).searchPlaces(
            SearchRequest(text: text, center: near, radius: nil, limit: 1))
        guard let best = results.first else {
            throw InputError("\(argument): no place matching '\(text)' in \(database.resolved)")
        }
        return best.place.coordinate
    }

    /// The road graph of `path` (or the default extract), through the cache in the data directory.
    static func loadGraph(_ path: String?) throws -> RoadGraph {
        let url =
            path.map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
            ?? LociPaths.dataDirectory.appendingPathComponent("osm/streets.osm.pbf")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw InputError("--osm: no extract at \(url.path) (give an .osm.pbf file)")
        }
        do {
            return try RoadGraph.load(
                pbf: url, cacheDirectory: LociPaths.dataDirectory.appendingPathComponent("routing")
            ).graph
        } catch {
            throw InputError(error.description)
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
