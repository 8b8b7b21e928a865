import ArgumentParser
import Foundation
import GPXKit
import GeoKit
import PlaceFiles
import PlaceKit
import ProximityKit
import ProximityStore

/// `loci proximity …`: the Proximity engine on recorded tracks.
struct ProximityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proximity", abstract: "Proximity: what you would have been told on a recorded walk, ride or drive.",
        subcommands: [ProximityReplayCommand.self])
}

/// `loci proximity replay TRACK.gpx (--trip NAME | --places FILE) [--wakeups every-fix|ios] [--json]`.
struct ProximityReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay a GPX track through the region planner and report the notifications.",
        discussion: """
            Prints a timeline of notifications and a summary: wake-ups, notifications, duplicates, places passed \
            within their radius but never announced, and the lead distance (how far before the closest approach \
            the user was told). --wakeups ios models iOS: the app runs only on leaving the refresh region, \
            entering a monitored place region, or a significant change (≥ 500 m, ≥ 5 min), each delivered late. \
            Track points need <time>; accuracy is taken as 5 m × <hdop> (10 m without it).
            """)

    @Argument(help: "The GPX 1.1 track.") var track: String
    @Option(help: "Use the places of this trip (loci trips).") var trip: String?
    @Option(
        help: """
            Use a place file: Loci JSON {"trip": {…}, "places": [{id, name, lat, lon, category, opening_hours, radius_m}]}, \
            GeoJSON (a FeatureCollection of Points) or GPX waypoints, told apart by content. GeoJSON and GPX carry no \
            trip: they replay with a 500 m radius in UTC unless a place has its own radius_m.
            """)
    var places: String?
    @Option(help: "every-fix (default) or ios.") var wakeups: String = "every-fix"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var database: TripDatabaseOption

    func run() throws {
        guard let mode = WakeupMode(rawValue: wakeups) else { throw InputError("--wakeups: '\(wakeups)' is not every-fix or ios") }
        let (trips, saved) = try loadPlaces()
        let document = try readTrack()
        let replay: ProximityReplay
        do {
            replay = try ProximityReplay(track: document, places: saved, trips: trips, mode: mode)
        } catch {
            throw InputError("\(track): \(error)")
        }
        let output = ReplayOutput(replay.report, fixes: replay.fixes, places: saved.count)
        if json {
            print(try CLIJSON.pretty(output))
        } else {
            print(output.text())
        }
    }

    private func loadPlaces() throws -> ([Trip], [SavedPlace]) {
        switch (trip, places) {
        case (let name?, nil):
            let service = try database.service()
            let (found, saved) = try tripAction { () throws(TripServiceError) in try service.tripWithPlaces(named: name) }
            return ([found], saved)
        case (nil, let file?):
            return try PlaceSetFile.read(file)
        default:
            throw InputError("give exactly one of --trip NAME or --places FILE")
        }
    }

    private func readTrack() throws -> GPXDocument {
        do { return try GPXReader.read(path: track) } catch { throw InputError("\(error)") }
    }
}

/// The `--places FILE` formats (``PlaceFiles/PlaceFileReader``: Loci JSON, GeoJSON, GPX).
enum PlaceSetFile {
    static func read(_ path: String) throws -> ([Trip], [SavedPlace]) {
        try FileArgument.readable(
            path, option: "--places", expected: "a place file (Loci JSON, GeoJSON or GPX)")
        let url = URL(fileURLWithPath: path)
        do {
            let file = try PlaceFileReader.read(contentsOf: url, limits: .replay)
            return ([file.trip(orDefaultNamed: url.deletingPathExtension().lastPathComponent)], file.places)
        } catch {
            if error.kind == .unreadable { throw InputError("--places: cannot read \(path)") }
            throw InputError("--places \(path): \(error)")
        }
    }
}
