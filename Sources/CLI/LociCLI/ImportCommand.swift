import ArgumentParser
import Foundation
import PlaceImport

/// `loci import FILE [--db PATH]`: build the place store from an OpenStreetMap extract.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import places and buildings from an .osm.pbf (or .osm) extract into the place database.",
        discussion: """
            The import writes a new database beside the target and renames it into place only when \
            it is complete: a failed import leaves the previous database untouched.
            """
    )

    @Argument(help: ArgumentHelp("The OpenStreetMap extract.", valueName: "FILE"))
    var file: String

    @OptionGroup var database: PlaceDatabaseOption

    @Option(name: .customLong("time-zone"), help: "IANA time zone of the extract, stored for open-now answers (e.g. Europe/Helsinki).")
    var timeZone: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    mutating func run() throws {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw InputError("\(file): no such readable file")
        }
        try FileArgument.readable(file, option: nil, expected: "an OSM extract (.osm.pbf or .osm)")
        let target = database.resolved
        let directory = URL(fileURLWithPath: target).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create \(directory.path): \(error.localizedDescription)")
        }
        var importer = OSMPlaceImporter()
        if let timeZone {
            _ = try TimeZoneArgument.zone(timeZone)
            importer.metadata["time_zone"] = timeZone
        }
        let status = StatusLine()
        importer.progress = { progress in status.update(phase: progress.phase.rawValue, Self.describe(progress)) }
        let result: PlaceImportResult
        do {
            result = try importer.import(from: URL(fileURLWithPath: file), into: target)
            status.finish()
        } catch {
            status.finish()
            throw error
        }
        if json {
            print(try CLIJSON.pretty(ImportOutput(database: target, result: result)))
            return
        }
        print("""
            imported      \(file) → \(target)
            places        \(result.places) (\(result.placesFromNodes) from nodes, \(result.placesFromWays) from ways)
            buildings     \(result.buildings)
            read          \(result.nodes) nodes, \(result.ways) ways, \(result.relations) relations
            skipped       \(result.skipped.total)
            in            \(String(format: "%.2f", result.seconds)) s
            """)
    }

    /// One line of progress: the phase, elements read, places and footprints written.
    static func describe(_ progress: PlaceImportProgress) -> String {
        "loci import: \(progress.phase.rawValue): \(progress.elementsRead) elements read, "
            + "\(progress.placesWritten) places and \(progress.buildingsWritten) footprints written"
    }

    struct ImportOutput: Encodable {
        let database: String
        let places: Int
        let places_from_nodes: Int
        let places_from_ways: Int
        let buildings: Int
        let nodes: Int
        let ways: Int
        let relations: Int
        let skipped: Int
        let seconds: Double

        init(database: String, result: PlaceImportResult) {
            self.database = database
            places = result.places
            places_from_nodes = result.placesFromNodes
            places_from_ways = result.placesFromWays
            buildings = result.buildings
            nodes = result.nodes
            ways = result.ways
            relations = result.relations
            skipped = result.skipped.total
            seconds = result.seconds
        }
    }
}
