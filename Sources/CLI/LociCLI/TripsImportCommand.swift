import ArgumentParser
import Foundation
import PlaceFiles
import ProximityStore

/// `loci trips import TRIP FILE`: a GeoJSON, GPX or Loci JSON file's places into a trip.
struct TripsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Add the places of a GeoJSON, GPX or Loci JSON file to a trip (all or nothing).",
        discussion: """
            The format is read from the content, not the file name. GeoJSON: a FeatureCollection of Point features \
            with properties.name (radius_m, category, opening_hours, note, id optional). GPX 1.1: waypoints with \
            <name> (<desc> is the note, <type> the category). Loci JSON: what loci trips export writes. A place \
            whose id is already in the trip replaces it. One bad place refuses the whole file: nothing is added.
            """)

    @Argument(help: "The trip's name.") var trip: String
    @Argument(help: "The place file.") var file: String
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        try FileArgument.readable(file, option: nil, expected: "a place file (GeoJSON, GPX or Loci JSON)")
        let service = try database.service()
        let summary = try tripAction { () throws(TripServiceError) in
            try service.importPlaces(contentsOf: URL(fileURLWithPath: file), toTrip: trip)
        }
        let replaced = summary.replaced == 0 ? "" : ", \(summary.replaced) replaced"
        print("Imported \(summary.added + summary.replaced) places from \(summary.format) into \(summary.trip.name): \(summary.added) added\(replaced).")
    }
}

/// `loci trips export TRIP FILE [--format geojson|gpx|json]`.
struct TripsExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write a trip's places as GeoJSON, GPX or Loci JSON.",
        discussion: "Without --format the file name chooses: .geojson, .gpx, else Loci JSON (the only one that keeps the trip's settings).")

    @Argument(help: "The trip's name.") var trip: String
    @Argument(help: "The file to write (replaced if it exists).") var file: String
    @Option(help: "geojson, gpx or json (default: from the file name).") var format: String?
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        let chosen: PlaceFileFormat
        if let format {
            guard let parsed = PlaceFileFormat(rawValue: format.lowercased()) else {
                throw InputError("--format: '\(format)' is not geojson, gpx or json")
            }
            chosen = parsed
        } else {
            chosen = PlaceFileFormat(pathExtension: URL(fileURLWithPath: file).pathExtension)
        }
        try FileArgument.writable(file, option: nil)
        let service = try database.service()
        let export = try tripAction { () throws(TripServiceError) in try service.exportPlaces(ofTrip: trip, as: chosen) }
        do { try export.data.write(to: URL(fileURLWithPath: file), options: .atomic) } catch {
            throw InputError("\(file): cannot write it; expected a file name in a writable folder")
        }
        print("Exported \(export.places) places of \(export.trip.name) to \(file) as \(export.format).")
    }
}
