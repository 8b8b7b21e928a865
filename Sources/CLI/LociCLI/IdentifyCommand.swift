import AeroAPI
import AircraftFeeds
import ArgumentParser
import Foundation
import GeoKit
import IdentifyKit
import IdentifyPack
import IdentifyService
import LociWire
import PhotoMetadata
import PlaceKit
import PlaceStore
import Timestamps

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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
        help: "Camera height in metres above the WGS84 ellipsoid (with --at; default 0).", transform: NumberArgument.decimal)
    var alt: Double?
    @Option(parsing: .unconditional, help: "Horizontal field of view in degrees (with --at).", transform: NumberArgument.decimal) var fov: Double?
    @Option(help: "Image size WxH in pixels (with --at).") var size: String?
    @Option(parsing: .unconditional, help: "The tap X,Y in pixels from the top-left corner.") var tap: String
    @Option(parsing: .unconditional, help: "Compass heading of the optical axis, degrees from true north.", transform: NumberArgument.decimal)
    var heading: Double?
    @Option(parsing: .unconditional, help: "Heading accuracy (one sigma), degrees (default 15).", transform: NumberArgument.decimal) var accuracy: Double = 15
    @Option(
        parsing: .unconditional, help: "Pitch of the optical axis above the horizon, degrees (default 0).", transform: NumberArgument.decimal)
    var pitch: Double = 0
    @Option(parsing: .unconditional, help: "Roll about the optical axis, degrees clockwise (default 0).", transform: NumberArgument.decimal)
    var roll: Double = 0
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
        let capture = try makeCapture()
        let tapPoint = try Self.pair(tap, argument: "--tap", shape: "X,Y")
        // A tap outside the image is named before any other input is read.
        do { _ = try capture.direction(tapX: tapPoint.0, y: tapPoint.1) } catch {
            throw InputError(error.description)
        }
        var snapshot: AircraftSnapshot?
        if let aircraft { snapshot = try await Self.loadAircraft(aircraft, at: capture.time) }
        let path = pack ?? database ?? LociPaths.defaultPlaceDatabase
        var store: SQLitePlaceStore?
        let service: IdentificationService
        if let pack {
            try FileArgument.readable(pack, option: "--pack", expected: "an offline pack (loci pack build)")
            let opened = try OfflinePack(path: pack)
            store = opened.places
            service = opened.service(
                quota: try makeQuota(), flights: try makeFlightLookup(),
                aircraftFeed: try makeAircraftFeed(environment: ProcessInfo.processInfo.environment))
        } else {
            if let database { try FileArgument.database(database, option: "--db") }
            if FileManager.default.fileExists(atPath: path) {
                store = try SQLitePlaceStore(path: path)
            } else if database != nil {
                throw InputError(
                    "no place database at \(path); create one with: loci import FILE.osm.pbf --db \(path)")
            }
            service = IdentificationService(
                places: store, landmarksFromPlaces: true, landmarks: try readLandmarks(), airports: try readAirports(),
                quota: try makeQuota(), flights: try makeFlightLookup(),
                aircraftFeed: try makeAircraftFeed(environment: ProcessInfo.processInfo.environment))
        }
        let identification: Identification
        do {
            identification = try await service.identifyAndEnrich(
                IdentifyRequest(capture: capture, tapX: tapPoint.0, tapY: tapPoint.1, aircraft: snapshot), now: Date())
        } catch {
            throw Self.cliError(error)
        }
        if let failure = identification.enrichmentFailure {
            // Enrichment is optional: the offline answer stands and the failure is reported.
            FileHandle.standardError.write(Data("\(failure)\n".utf8))
        }
        let (direction, candidates, remaining, source) = (
            identification.direction, identification.candidates, identification.quotaRemaining, store
        )
        if json {
            print(
                try WireEncoding.pretty(
                    WireIdentification(
                        direction: direction, buildingsSource: source == nil ? nil : path,
                        aircraftCount: snapshot?.aircraft.count, quotaRemaining: remaining,
                        candidates: candidates, aircraft: identification.aircraft)))
            return
        }
        print(String(format: "tap: azimuth %.1f°, elevation %.1f°", direction.azimuth, direction.elevation))
        if source == nil { print("(no place database at \(path): buildings skipped)") }
        if identification.aircraft.source != .request { print(identification.aircraft.line) }
        if candidates.isEmpty { print("nothing identified") }
        for (rank, c) in candidates.enumerated() {
            print(
                String(
                    format: "%d. %@ %@ — %.0f%%, %.0f m, az %.1f°, el %.1f°", rank + 1, c.kind.rawValue,
                    c.name ?? c.id,
                    c.confidence * 100, c.distance, c.azimuth, c.elevation))
            print("   \(c.reason)")
        }
        if let remaining { print("\(remaining) free identifications left this month") }
    }

    /// `--landmarks`: the Wikidata landmarks CSV, or none.
    func readLandmarks() throws -> [Landmark] {
        guard let landmarks else { return [] }
        try FileArgument.readable(landmarks, option: "--landmarks", expected: "a Wikidata landmarks CSV")
        do { return try IdentificationFiles.landmarks(at: landmarks) } catch {
            throw Self.fileError(error, option: "--landmarks")
        }
    }

    /// `--airports`: airports.csv, or none.
    func readAirports() throws -> [Airport]? {
        guard let airports else { return nil }
        try FileArgument.readable(airports, option: "--airports", expected: "airports.csv")
        do { return try IdentificationFiles.airports(at: airports) } catch {
            throw Self.fileError(error, option: "--airports")
        }
    }

    /// The line the command has always printed for an unusable `--landmarks` or `--airports`.
    static func fileError(_ error: IdentificationFileError, option: String) -> InputError {
        switch error.kind {
        case .unreadable: InputError("\(option): cannot read \(error.path)")
        case .content(let reason): InputError("\(option): \(reason)")
        }
    }

    /// `--quota FILE --free N`: the monthly allowance kept in a file, or none.
    func makeQuota() throws -> FileIdentificationQuota? {
        guard let quota else { return nil }
        guard free >= 0 else { throw InputError("--free must not be negative") }
        try FileArgument.database(quota, option: "--quota", expected: "a quota file")
        return FileIdentificationQuota(path: quota, monthlyLimit: free)
    }

    /// `--enrich`: AeroAPI with the key in the environment, or none.
    func makeFlightLookup() throws -> AeroAPIClient? {
        guard enrich else { return nil }
        guard let key = ProcessInfo.processInfo.environment[AeroAPIClient.keyVariable], !key.isEmpty else {
            throw InputError("--enrich needs a FlightAware AeroAPI key in $\(AeroAPIClient.keyVariable)")
        }
        return AeroAPIClient(apiKey: key)
    }

    /// `--aircraft-feed`, else `$LOCI_AIRCRAFT_FEED`: the live feed, cached for a few seconds; nil
    /// when neither is set, or when `--aircraft` gives the snapshot (it wins).
    func makeAircraftFeed(environment: [String: String]) throws -> CachedAircraftFeed? {
        guard aircraft == nil else { return nil }
        let variable = AircraftFeedChoice.environmentVariable
        let text: String
        let name: String
        if let aircraftFeed {
            (text, name) = (aircraftFeed, "--aircraft-feed ")
        } else if let value = environment[variable], !value.isEmpty {
            (text, name) = (value, "\(variable)=")
        } else {
            return nil
        }
        do throws(AircraftFeedChoiceError) { return try AircraftFeedChoice(parsing: text).source(environment: environment) } catch {
            throw InputError("\(name)\(text): \(error.reason)")
        }
    }

    /// The line the command has always printed for each failure: identification and quota
    /// limits as one line, store and quota-file errors as they are.
    static func cliError(_ error: IdentifyServiceError) -> any Error {
        switch error {
        case .identify(let error): InputError(error.description)
        case .quotaReached: InputError(error.description)
        case .places(let error): error
        case .quota(let error): error
        }
    }

    func makeCapture() throws -> CaptureMetadata {
        let captureTime = try time.map { text -> Date in
            do {
                return try ISO8601Instant.parse(text)
            } catch {
                throw InputError("--time: \(error)")
            }
        }
        do {
            if let photo {
                guard at == nil, fov == nil, size == nil else {
                    throw InputError("--photo cannot be combined with --at, --fov or --size")
                }
                let metadata: PhotoMetadata
                do { metadata = try PhotoMetadataReader.read(path: photo) } catch {
                    throw InputError("--photo \(photo): \(error)")
                }
                do {
                    return try CaptureMetadata(
                        photo: metadata, pitch: pitch, roll: roll, headingOverride: heading,
                        headingAccuracy: accuracy, time: captureTime)
                } catch { throw InputError("--photo \(photo): \(error.description)") }
            }
            guard let at, let fov, let size else {
                throw InputError("give --photo FILE, or --at LAT,LON with --fov DEG and --size WxH")
            }
            guard let heading else { throw InputError("--heading is needed with --at") }
            let coordinate = try parseCoordinate(at, argument: "--at")
            let notSize = InputError("--size: '\(size)' is not WxH in whole pixels")
            guard let dimensions = try? Self.pair(size.replacingOccurrences(of: "x", with: ","), argument: "--size", shape: "WxH"),
                dimensions.0 >= 1, dimensions.1 >= 1, dimensions.0 <= 100_000, dimensions.1 <= 100_000,
                dimensions.0 == dimensions.0.rounded(), dimensions.1 == dimensions.1.rounded()
            else { throw notSize }
            return try CaptureMetadata(
                time: captureTime, coordinate: coordinate, ellipsoidalHeight: alt ?? 0,
                attitude: CameraAttitude(heading: heading, pitch: pitch, roll: roll),
                headingAccuracy: accuracy,
                intrinsics: CameraIntrinsics(
                    horizontalFieldOfView: fov, width: Int(dimensions.0), height: Int(dimensions.1)))
        } catch let error as IdentifyError {
            if case .invalidCapture(let field, let reason) = error.kind, let option = Self.captureOptions[field] {
                throw InputError("\(option): \(reason)")
            }
            throw InputError(error.description)
        }
    }

    /// The option that gives each capture value a refusal can name (IdentifyKit's field names).
    static let captureOptions = [
        "field of view": "--fov", "ellipsoidal height": "--alt", "heading": "--heading",
        "heading accuracy": "--accuracy", "pitch": "--pitch", "roll": "--roll", "image size": "--size",
    ]

    /// Two numbers separated by a comma; a refusal names `argument` and its `shape` (`X,Y`).
    static func pair(_ text: String, argument: String, shape: String) throws -> (Double, Double) {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let a = parts[0], let b = parts[1], a.isFinite, b.isFinite else {
            throw InputError("\(argument): '\(text)' is not two numbers \(shape)")
        }
        return (a, b)
    }

    static func loadAircraft(_ location: String, at time: Date?) async throws -> AircraftSnapshot {
        let data: Data
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else {
                throw InputError("--aircraft: '\(location)' is not a URL")
            }
            do {
                let (body, response) = try await URLSession.shared.data(from: url)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                guard status == 200 else { throw InputError("--aircraft \(location): HTTP \(status)") }
                data = body
            } catch let error as InputError { throw error } catch {
                throw InputError("--aircraft \(location): \(error.localizedDescription)")
            }
        } else {
            try FileArgument.readable(location, option: "--aircraft", expected: "an aircraft snapshot (JSON) or an http(s) URL")
            do { data = try Data(contentsOf: URL(fileURLWithPath: location)) } catch {
                throw InputError("--aircraft: cannot read \(location)")
            }
        }
        do { return try AircraftFeed.read(data, traceTime: time?.timeIntervalSince1970) } catch {
            throw InputError("--aircraft \(location): \(error.description)")
        }
    }
}
