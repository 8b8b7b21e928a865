import AircraftFeeds
import Foundation
import IdentifyService

/// `loci identify`'s source options as ``IdentifyService/IdentifySources`` (every named file
/// checked first), and each failure as the line the command has always printed.
extension IdentifyCommand {
    /// The sources the options name; the service reads them and chooses the aircraft.
    func makeSources() throws -> IdentifySources {
        if let aircraft, !AircraftSetting.isURL(aircraft) {
            try FileArgument.readable(aircraft, option: "--aircraft", expected: "an aircraft snapshot (JSON) or an http(s) URL")
        }
        let places: IdentificationPlaces
        if let pack {
            try FileArgument.readable(pack, option: "--pack", expected: "an offline pack (loci pack build)")
            places = .pack(path: pack)
        } else {
            if let database { try FileArgument.database(database, option: "--db") }
            places = .store(path: database ?? LociPaths.defaultPlaceDatabase, required: database != nil)
        }
        if let landmarks { try FileArgument.readable(landmarks, option: "--landmarks", expected: "a Wikidata landmarks CSV") }
        if let airports { try FileArgument.readable(airports, option: "--airports", expected: "airports.csv") }
        if let quota {
            guard free >= 0 else { throw InputError("--free must not be negative") }
            try FileArgument.database(quota, option: "--quota", expected: "a quota file")
        }
        return IdentifySources(
            places: places, landmarksFile: landmarks, airportsFile: airports, quota: quota.map { ($0, free) }, enrich: enrich,
            aircraftSnapshot: aircraft, aircraftFeed: aircraftFeed, environment: ProcessInfo.processInfo.environment)
    }

    /// The line the command has always printed for each failure (store and pack errors as they are).
    static func cliError(_ error: IdentifySourcesError) -> any Error {
        switch error {
        case .aircraftFeed(let error):
            let name = error.origin == .given ? "--aircraft-feed " : "\(AircraftFeedChoice.environmentVariable)="
            return InputError("\(name)\(error.text): \(error.reason)")
        case .aircraftSnapshot(.notURL(let location)): return InputError("--aircraft: '\(location)' is not a URL")
        case .aircraftSnapshot(.unreadable(let path)): return InputError("--aircraft: cannot read \(path)")
        case .aircraftSnapshot(let error): return InputError("--aircraft \(error.description)")
        case .landmarks(let error): return fileError(error, option: "--landmarks")
        case .airports(let error): return fileError(error, option: "--airports")
        case .enrichNeedsKey: return InputError("--enrich needs a FlightAware AeroAPI key in $AEROAPI_KEY")
        case .places(let error): return error
        case .identify(.places(let error)): return error
        case .identify(.quota(let error)): return error
        case .identify(let error): return InputError(error.description)
        }
    }

    /// The line for an unusable `--landmarks` or `--airports`.
    static func fileError(_ error: IdentificationFileError, option: String) -> InputError {
        switch error.kind {
        case .unreadable: InputError("\(option): cannot read \(error.path)")
        case .content(let reason): InputError("\(option): \(reason)")
        }
    }
}
