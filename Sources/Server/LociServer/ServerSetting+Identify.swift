import AircraftFeeds
import Foundation

extension ServerSetting {
    /// `--aircraft-feed`, `LOCI_AIRCRAFT_FEED`.
    public static let aircraftFeed = text(
        flag: "aircraft-feed", environment: AircraftFeedChoice.environmentVariable,
        defaultValue: "none: identify answers without aircraft and says so",
        help:
            "Live aircraft for POST /v1/identify: an http(s) URL of a readsb/dump1090 aircraft.json, or opensky (OpenSky credentials from OPENSKY_CLIENT_ID and OPENSKY_CLIENT_SECRET when set).",
        example: "http://127.0.0.1:8504/data/aircraft.json"
    ) { text, configuration throws(ServerSettingProblem) in
        do throws(AircraftFeedChoiceError) { configuration.aircraftFeed = try AircraftFeedChoice(parsing: text) } catch {
            throw ServerSettingProblem(error.reason)
        }
    }

    /// `--landmarks`, `LOCI_LANDMARKS`.
    public static let landmarks = text(
        flag: "landmarks", environment: "LOCI_LANDMARKS", defaultValue: "none beyond the place store's own",
        help: "Wikidata landmarks CSV that POST /v1/identify matches to footprints.",
        example: "/srv/wikidata-landmarks.csv"
    ) { text, configuration in configuration.landmarksPath = text }

    /// `--airports`, `LOCI_AIRPORTS`.
    public static let airports = text(
        flag: "airports", environment: "LOCI_AIRPORTS", defaultValue: "none",
        help: "airports.csv: each aircraft candidate of POST /v1/identify names its nearest airport.",
        example: "/srv/airports.csv"
    ) { text, configuration in configuration.airportsPath = text }
}
