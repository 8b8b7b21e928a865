import AircraftFeeds
import ArgumentParser
import Foundation
import IdentifyKit
import IdentifyService
import LociWire

/// `loci identify`: ShootVeil's "what is at this tap" from a photo or explicit capture values.
struct IdentifyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "identify",
        abstract: "Identify the building, landmark or aircraft at a tap in a photo (ShootVeil).",
        discussion: """
            Give a photo with GPS, GPSImgDirection and FocalLengthIn35mmFilm (--photo), or the capture \
            explicitly (--at LAT,LON --alt M --fov DEG --size WxH --heading DEG). Buildings come from a \
            place store made by `loci import` (--db), or with landmarks and airports from an offline pack \
            made by `loci pack build` (--pack); aircraft from a readsb/dump1090 aircraft.json, an \
            OpenSky /states/all response or a readsb trace, as a file or a local receiver URL (--aircraft), \
            else from the live feed configured once (--aircraft-feed URL|opensky, or \
            \(AircraftFeedChoice.environmentVariable)); without either, aircraft are left out and the \
            answer says so. Output: ranked candidates with kind, name, confidence, distance, azimuth, elevation and the reason.
            """)

    @Option(help: "A photo whose EXIF gives position, direction, focal length and size.") var photo: String?
    @Option(parsing: .unconditional, help: "Camera position LAT,LON (instead of --photo).") var at: String?
    @Option(
        parsing: .unconditional,
        help: "Camera height in metres above sea level (with --at; default 0).", transform: NumberArgument.decimal)
    var alt: Double?
    @Option(parsing: .unconditional, help: "Horizontal field of view in degrees (with --at).", transform: NumberArgument.decimal) var fov: Double?
    @Option(
        name: .customLong("focal-length-35mm"), parsing: .unconditional,
        help: "35 mm equivalent focal length in mm, instead of --fov (with --at).", transform: NumberArgument.decimal)
    var focalLength35mm: Double?
    @Option(help: "Image size WxH in pixels (with --at).") var size: String?
    @Option(parsing: .unconditional, help: "The tap X,Y in pixels from the top-left corner.") var tap: String
    @Option(parsing: .unconditional, help: "Compass heading of the optical axis, degrees from true north.", transform: NumberArgument.decimal)
    var heading: Double?
    @Option(parsing: .unconditional, help: "Heading accuracy (one sigma), degrees (default 15).", transform: NumberArgument.decimal) var accuracy: Double?
    @Option(
        parsing: .unconditional, help: "Pitch of the optical axis above the horizon, degrees (default 0).", transform: NumberArgument.decimal)
    var pitch: Double?
    @Option(parsing: .unconditional, help: "Roll about the optical axis, degrees clockwise (default 0).", transform: NumberArgument.decimal)
    var roll: Double?
    @Option(help: "Capture time, ISO 8601 (default: the photo's, else the aircraft snapshot's).") var time:
        String?
    @Option(help: "Aircraft snapshot: a file or an http(s) URL of a local receiver.") var aircraft: String?
    @Option(
        help: ArgumentHelp(
            "Live aircraft feed: an http(s) URL of a readsb/dump1090 aircraft.json, or opensky (OpenSky credentials from $\(OpenSkyCredentials.clientIDVariable) and $\(OpenSkyCredentials.clientSecretVariable) when set); --aircraft wins. Default: $\(AircraftFeedChoice.environmentVariable), else none.",
            valueName: "URL|opensky"))
    var aircraftFeed: String?
    @Option(help: "Wikidata landmarks CSV to match to footprints (as in landmarks/wikidata-landmarks.csv).")
    var landmarks: String?
    @Option(help: "airports.csv (icao,iata,name,city,…): aircraft candidates name their nearest airport.")
    var airports: String?
    @Flag(help: "Ask FlightAware AeroAPI v4 about the best aircraft (key in $AEROAPI_KEY).") var enrich =
        false
    @Option(help: "Count this identification against a monthly quota kept in this file.") var quota: String?
    @Option(parsing: .unconditional, help: "Free identifications per month with --quota (default 10).", transform: NumberArgument.whole) var free: Int = 10
    @Option(
        name: .customLong("db"),
        help:
            "The place database with buildings (default: places.sqlite in the data directory; skipped when absent)."
    )
    var database: String?
    @Option(help: "An offline pack (loci pack build): buildings, landmarks and airports, instead of --db.")
    var pack: String?
    @Flag(help: "Print JSON instead of text.") var json = false

    func validate() throws {
        guard pack != nil else { return }
        if database != nil { throw ValidationError("--pack and --db cannot be combined: the pack holds the buildings") }
        if landmarks != nil || airports != nil {
            throw ValidationError("--pack carries its own landmarks and airports: drop --landmarks and --airports")
        }
    }

    mutating func run() async throws {
        // Every value is checked (and a tap outside the image named) before any file is read.
        let request = try makeRequest()
        let answer: IdentifyAnswer
        do {
            answer = try await makeSources().identify(request, now: Date())
        } catch let error as IdentifySourcesError {
            throw Self.cliError(error)
        }
        let identification = answer.identification
        if let failure = identification.enrichmentFailure {
            // Enrichment is optional: the offline answer stands and the failure is reported.
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
        }
        let (direction, candidates, remaining) = (identification.direction, identification.candidates, identification.quotaRemaining)
        if json {
            let wire = WireIdentification(
                direction: direction, buildingsSource: answer.buildingsSource, aircraftCount: answer.aircraftCount,
                quotaRemaining: remaining, candidates: candidates, aircraft: identification.aircraft)
            print(try CLIJSON.pretty(IdentificationJSON.answer(wire)))
            return
        }
        print(String(format: "tap: azimuth %.1f°, elevation %.1f°", direction.azimuth, direction.elevation))
        if answer.buildingsSource == nil { print("(no place database at \(database ?? LociPaths.defaultPlaceDatabase): buildings skipped)") }
        if identification.aircraft.source != .request { print(identification.aircraft.line) }
        if candidates.isEmpty { print("nothing identified") }
        for (rank, c) in candidates.enumerated() {
            let line = String(format: "%d. %@ %@ — %.0f%%, %.0f m, az %.1f°, el %.1f°", rank + 1, c.kind.rawValue, c.name ?? c.id, c.confidence * 100, c.distance, c.azimuth, c.elevation)
            print("\(line)\n   \(c.reason)")
        }
        if let remaining { print("\(remaining) free identifications left this month") }
    }
}
