import AeroAPI
import AircraftFeeds
import Foundation
import IdentifyKit
import IdentifyService

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where `loci identify`'s sources come from: the files and services its options name.
extension IdentifyCommand {
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

    /// `--aircraft`: a snapshot file, or an http(s) URL fetched once through `AircraftFeeds`.
    static func loadAircraft(_ location: String, at time: Date?) async throws -> AircraftSnapshot {
        let traceTime = time?.timeIntervalSince1970
        if location.hasPrefix("http://") || location.hasPrefix("https://") {
            guard let url = URL(string: location) else { throw InputError("--aircraft: '\(location)' is not a URL") }
            do throws(AircraftFeedSourceError) {
                return try await AircraftSnapshotDownload.snapshot(at: url, traceTime: traceTime, name: "--aircraft \(location)")
            } catch { throw InputError(error.description) }
        }
        try FileArgument.readable(location, option: "--aircraft", expected: "an aircraft snapshot (JSON) or an http(s) URL")
        guard let data = FileManager.default.contents(atPath: location) else {
            throw InputError("--aircraft: cannot read \(location)")
        }
        do { return try AircraftFeed.read(data, traceTime: traceTime) } catch {
            throw InputError("--aircraft \(location): \(error.description)")
        }
    }
}
