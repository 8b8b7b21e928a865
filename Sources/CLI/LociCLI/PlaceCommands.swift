import ArgumentParser
import Foundation
import GeoKit
import LociWire
import PlaceImport
import PlaceKit
import PlaceStore
import Timestamps

/// `--db PATH`, shared by the place commands.
struct PlaceDatabaseOption: ParsableArguments {
    @Option(name: .customLong("db"), help: "The place database (default: places.sqlite in $LOCI_DATA_DIR or ~/.local/share/loci).")
    var path: String?

    var resolved: String { path ?? LociPaths.defaultPlaceDatabase }

    /// Opens the store, or explains how to create one.
    /// Refuses a `--db` that is a folder or cannot be created, even where the command does not open it.
    func validate() throws {
        if let path { try FileArgument.database(path, option: "--db") }
    }

    func open() throws -> SQLitePlaceStore {
        guard FileManager.default.fileExists(atPath: resolved) else {
            throw InputError("no place database at \(resolved); create one with: loci import FILE.osm.pbf --db \(resolved)")
        }
        return try SQLitePlaceStore(path: resolved)
    }
}

/// `--json`, `--time-zone`, `--at`: how results are printed and judged open or closed.
struct PlaceOutputOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of text.")
    var json = false

    @Option(name: .customLong("time-zone"), help: "IANA time zone for open-now (default: the one given at import, else the system's).")
    var timeZone: String?

    @Option(parsing: .unconditional, help: "Judge open-now at this ISO 8601 instant instead of now (e.g. 2026-11-23T14:00:00Z).")
    var at: String?

    /// The zone for open-now: `--time-zone`, else the store's `time_zone` metadata, else the system's.
    func zone(store: SQLitePlaceStore? = nil) throws -> TimeZone {
        guard let timeZone else {
            let stored = try store?.metadata("time_zone")
            return stored.flatMap(TimeZone.init(identifier:)) ?? .current
        }
        return try TimeZoneArgument.zone(timeZone)
    }

    func instant() throws -> Date {
        guard let at else { return Date() }
        do {
            return try ISO8601Instant.parse(at)
        } catch {
            throw InputError("--at: \(error)")
        }
    }

    /// Prints ranked places as JSON (an array of ``WireSearchResult``) or as text lines.
    func print(_ results: [RankedPlace], store: SQLitePlaceStore, registry: CategoryRegistry = .standard) throws {
        let zone = try zone(store: store)
        let now = try instant()
        let outputs = results.map {
            WireSearchResult(
                place: WirePlace($0.place, at: now, in: zone, registry: registry), distanceM: $0.distance,
                score: $0.score, match: $0.match.rawValue)
        }
        if json {
            Swift.print(try CLIJSON.pretty(outputs))
            return
        }
        if outputs.isEmpty { Swift.print("no places found") }
        for (rank, output) in outputs.enumerated() {
            let place = output.place
            let distance = output.distanceM.map { "  " + Compass.formatDistance($0) } ?? ""
            let open = place.details?.openNow.map { $0 ? "  open" : "  closed" } ?? ""
            let category = place.details?.categoryName ?? place.category
            Swift.print("\(rank + 1). \(place.name ?? "(unnamed)")  [\(category)]\(distance)\(open)  \(output.match ?? "") \(OutputFormat.number(output.score ?? 0, decimals: 3))  \(place.id)")
        }
    }
}
