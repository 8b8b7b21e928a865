import AeroAPI
import AircraftFeeds
import Foundation
import IdentifyKit

/// Everything one identification draws on, as a caller names it (`loci identify`'s options):
/// the places (pack or store), a landmarks CSV, airports.csv, a quota file, whether to enrich
/// through AeroAPI, and the aircraft (a snapshot for this run, a live feed, or the one configured
/// in the environment, chosen by ``AircraftFeeds/AircraftSetting``). ``identify(_:now:)`` reads
/// them and makes the one identification call.
public struct IdentifySources: Sendable {
    /// Where the buildings come from.
    public var places: IdentificationPlaces
    /// A Wikidata landmarks CSV (a store's places add their own landmarks; a pack has its own).
    public var landmarksFile: String?
    /// airports.csv, so aircraft candidates name their nearest airport.
    public var airportsFile: String?
    /// A monthly quota kept in this file, with this many free identifications a month.
    public var quota: (path: String, monthlyLimit: Int)?
    /// Ask AeroAPI about the best aircraft (the key from ``AeroAPI/AeroAPIClient/keyVariable``).
    public var enrich: Bool
    /// One aircraft snapshot for this run, a file or an http(s) URL: wins over any feed.
    public var aircraftSnapshot: String?
    /// A live feed for this run (`opensky` or an http(s) URL), else the environment's.
    public var aircraftFeed: String?
    /// Where the configured feed, OpenSky's credentials and the AeroAPI key are read.
    public var environment: [String: String]

    /// Sources over `places`; every other source is optional.
    public init(
        places: IdentificationPlaces, landmarksFile: String? = nil, airportsFile: String? = nil,
        quota: (path: String, monthlyLimit: Int)? = nil, enrich: Bool = false, aircraftSnapshot: String? = nil,
        aircraftFeed: String? = nil, environment: [String: String] = [:]
    ) {
        self.places = places
        self.landmarksFile = landmarksFile
        self.airportsFile = airportsFile
        self.quota = quota
        self.enrich = enrich
        self.aircraftSnapshot = aircraftSnapshot
        self.aircraftFeed = aircraftFeed
        self.environment = environment
    }

    /// Reads the sources (the snapshot first, at the capture's time), identifies the tap of
    /// `request` and, with ``enrich``, looks up the best aircraft's flight.
    public func identify(_ request: IdentifyRequest, now: Date) async throws(IdentifySourcesError) -> IdentifyAnswer {
        var request = request
        let aircraft: AircraftSetting
        do throws(AircraftSettingError) {
            aircraft = try AircraftSetting.choose(snapshot: aircraftSnapshot, feed: aircraftFeed, environment: environment)
        } catch { throw .aircraftFeed(error) }
        if case .snapshot(let location) = aircraft {
            do throws(AircraftSnapshotError) {
                request.aircraft = try await AircraftSetting.snapshot(
                    at: location, traceTime: request.capture.time?.timeIntervalSince1970, name: location)
            } catch { throw .aircraftSnapshot(error) }
        }
        let landmarks: [Landmark]
        let airports: [Airport]?
        do throws(IdentificationFileError) { landmarks = try landmarksFile.map(IdentificationFiles.landmarks(at:)) ?? [] } catch {
            throw .landmarks(error)
        }
        do throws(IdentificationFileError) { airports = try airportsFile.map(IdentificationFiles.airports(at:)) } catch {
            throw .airports(error)
        }
        var flights: AeroAPIClient?
        if enrich {
            guard let key = environment[AeroAPIClient.keyVariable], !key.isEmpty else { throw .enrichNeedsKey }
            flights = AeroAPIClient(apiKey: key)
        }
        let service: IdentificationService
        let buildingsSource: String?
        do {
            (service, buildingsSource) = try places.service(
                landmarks: landmarks, airports: airports,
                quota: quota.map { FileIdentificationQuota(path: $0.path, monthlyLimit: $0.monthlyLimit) }, flights: flights,
                aircraftFeed: aircraft.liveFeed)
        } catch { throw .places(error) }
        do throws(IdentifyServiceError) {
            let identification = try await service.identifyAndEnrich(request, now: now)
            return IdentifyAnswer(
                identification: identification, buildingsSource: buildingsSource, aircraftCount: request.aircraft?.aircraft.count)
        } catch { throw .identify(error) }
    }
}

/// One identification and where its sources came from.
public struct IdentifyAnswer: Sendable {
    /// The identification.
    public var identification: Identification
    /// The path of the buildings' pack or store; nil when there was none.
    public var buildingsSource: String?
    /// How many aircraft the run's snapshot held; nil without a snapshot.
    public var aircraftCount: Int?
}

/// Why ``IdentifySources/identify(_:now:)`` made no identification.
public enum IdentifySourcesError: Error, Sendable, CustomStringConvertible {
    /// The feed setting (given or configured) is neither `opensky` nor an http(s) URL.
    case aircraftFeed(AircraftSettingError)
    /// The snapshot could not be had.
    case aircraftSnapshot(AircraftSnapshotError)
    /// The landmarks CSV could not be read.
    case landmarks(IdentificationFileError)
    /// airports.csv could not be read.
    case airports(IdentificationFileError)
    /// Enrichment was asked for without an AeroAPI key in the environment.
    case enrichNeedsKey
    /// The places could not be opened (``IdentificationPlacesError``, a pack's or a store's error).
    case places(any Error)
    /// The identification itself failed.
    case identify(IdentifyServiceError)

    public var description: String {
        switch self {
        case .aircraftFeed(let error): error.description
        case .aircraftSnapshot(let error): error.description
        case .landmarks(let error), .airports(let error): error.description
        case .enrichNeedsKey: "enrichment needs a FlightAware AeroAPI key in $\(AeroAPIClient.keyVariable)"
        case .places(let error): "\(error)"
        case .identify(let error): error.description
        }
    }
}
