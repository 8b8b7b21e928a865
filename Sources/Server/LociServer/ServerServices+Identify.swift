import AircraftFeeds
import Foundation
import IdentifyKit
import IdentifyService
import PlaceStore

extension ServerServices {
    /// The identification service the settings describe: buildings and the landmarks among the
    /// places of `places`, `landmarks` (the configured Wikidata list), `airports`, and the
    /// configured aircraft feed behind a short cache (OpenSky signs in with credentials found in
    /// `environment`). No quota and no flight lookup: the route answers anonymous requests.
    /// `clock` (Unix seconds) ages the feed's cache; tests pass their own.
    public static func identification(
        _ configuration: ServerConfiguration, places: SQLitePlaceStore, landmarks: [Landmark] = [],
        airports: [Airport]? = nil, environment: [String: String],
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) -> IdentificationService {
        IdentificationService(
            places: places, landmarksFromPlaces: true, landmarks: landmarks, airports: airports,
            aircraftFeed: configuration.aircraftFeed?.source(environment: environment, clock: clock))
    }

    /// The configured landmark list and airports, read at start-up.
    /// - Throws: ``ServerConfigurationError/invalid(name:value:reason:)`` naming `--landmarks` or
    ///   `--airports` and the file's problem.
    static func identificationFiles(_ configuration: ServerConfiguration) throws(ServerConfigurationError)
        -> (landmarks: [Landmark], airports: [Airport]?)
    {
        var landmarks: [Landmark] = []
        var airports: [Airport]?
        do {
            if let path = configuration.landmarksPath { landmarks = try IdentificationFiles.landmarks(at: path) }
        } catch {
            throw .invalid(name: ServerSetting.landmarks.option ?? "", value: error.path, reason: error.reason)
        }
        do {
            if let path = configuration.airportsPath { airports = try IdentificationFiles.airports(at: path) }
        } catch {
            throw .invalid(name: ServerSetting.airports.option ?? "", value: error.path, reason: error.reason)
        }
        return (landmarks, airports)
    }
}
