import ArgumentParser
import Foundation
import GeoKit
import PlaceKit
import PlaceProviders
import PlaceStore

/// `loci geocode forward QUERY`: offline forward geocoding on the gazetteer and the place store.
struct GeocodeForwardCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forward",
        abstract:
            "Positions for a town or place name (\"Kallio\", \"Ateneum\", \"Cafe Regatta, Helsinki\"), best first.",
        discussion: """
            Towns come from the gazetteer (exact name; nearest to --near first, else most populous). \
            Place names come from the place database when there is one (--db, or the default file). \
            ", Town" at the end centres the place search on that town. Street addresses are not searched.
            """
    )

    @Argument(help: "A town, a place name, or \"place, town\".")
    var query: String

    @Option(parsing: .unconditional, help: "Prefer answers near this point, LAT,LON.")
    var near: String?

    @Option(parsing: .unconditional, help: "How many answers at most (1-100, default 5).", transform: NumberArgument.whole)
    var limit: Int = 5

    @OptionGroup var source: GazetteerOption

    @Option(
        name: .customLong("db"),
        help: "The place database (default: places.sqlite in the data directory, if present).")
    var database: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func run() async throws {
        let center = try near.map { try parseCoordinate($0, argument: "--near") }
        guard (1...100).contains(limit) else {
            throw InputError("--limit must be between 1 and 100, got \(limit)")
        }
        guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw InputError("QUERY is empty; give a town or place name")
        }
        let path = database ?? LociPaths.defaultPlaceDatabase
        if let database { try FileArgument.database(database, option: "--db") }
        var places: LocalPlacesProvider?
        if database != nil, FileManager.default.fileExists(atPath: path) {
            places = LocalPlacesProvider(store: try SQLitePlaceStore(path: path))
        } else if database == nil, FileManager.default.fileExists(atPath: path) {
            // The default file is optional: when it cannot be read, say so and use towns only.
            do {
                places = LocalPlacesProvider(store: try SQLitePlaceStore(path: path))
            } catch {
                FileHandle.standardError.write(
                    Data("loci geocode forward: ignoring \(path): \(error)\n".utf8))
            }
        } else if database != nil {
            throw InputError("--db: no place database at \(path)")
        }
        let service = LocalLocationService(gazetteer: try source.load(), places: places)
        let found = try await service.locations(for: query, near: center, limit: limit)
        if json {
            print(try CLIJSON.pretty(found.map(ForwardGeocodeJSON.init)))
        } else if found.isEmpty {
            print("nothing found for \(query)")
        } else {
            for (index, result) in found.enumerated() {
                let position =
                    "\(Coordinate.formatDegrees(result.coordinate.latitude)),\(Coordinate.formatDegrees(result.coordinate.longitude))"
                print(
                    "\(index + 1). \(result.label)  \(position)  \(result.kind.rawValue)  \(result.placeID?.rawValue ?? "")"
                )
            }
        }
    }
}
