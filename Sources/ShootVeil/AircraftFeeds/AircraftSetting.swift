import Foundation
import IdentifyKit

/// Where one identification's aircraft come from, chosen by the one rule `loci identify` follows:
/// a snapshot given for this run (a file, or an http(s) URL fetched once) wins; else the live
/// feed named for this run (`--aircraft-feed`); else the one configured in the environment
/// (``AircraftFeedChoice/environmentVariable``); else none, and the answer says so.
public enum AircraftSetting: Sendable {
    /// One snapshot at this location: a file path or an http(s) URL.
    case snapshot(location: String)
    /// A live feed, cached for a few seconds.
    case feed(CachedAircraftFeed)
    /// No aircraft.
    case none

    /// Chooses by the rule above. `snapshot` and `feed` are what the caller was given for this
    /// run; `environment` is read for the configured feed (and OpenSky's credentials).
    /// - Throws: the feed setting that is neither `opensky` nor an http(s) URL, and where it came from.
    public static func choose(
        snapshot: String?, feed: String?, environment: [String: String]
    ) throws(AircraftSettingError) -> AircraftSetting {
        if let snapshot { return .snapshot(location: snapshot) }
        let origin: AircraftSettingError.Origin
        let text: String
        if let feed {
            (origin, text) = (.given, feed)
        } else if let value = environment[AircraftFeedChoice.environmentVariable], !value.isEmpty {
            (origin, text) = (.environment, value)
        } else {
            return .none
        }
        do throws(AircraftFeedChoiceError) {
            return .feed(try AircraftFeedChoice(parsing: text).source(environment: environment))
        } catch {
            throw AircraftSettingError(origin: origin, text: text, reason: error.reason)
        }
    }

    /// The live feed, if this setting is one.
    public var liveFeed: CachedAircraftFeed? {
        if case .feed(let feed) = self { return feed }
        return nil
    }

    /// Whether `location` names a snapshot over HTTP rather than a file.
    public static func isURL(_ location: String) -> Bool {
        location.hasPrefix("http://") || location.hasPrefix("https://")
    }

    /// The snapshot at `location`: an http(s) URL fetched once through ``AircraftSnapshotDownload``
    /// (named `name` in its errors), else a file read as ``AircraftFeed/read(_:traceTime:)`` reads it;
    /// `traceTime` picks a trace's point (the capture time).
    public static func snapshot(
        at location: String, traceTime: Double?, name: String
    ) async throws(AircraftSnapshotError) -> AircraftSnapshot {
        if isURL(location) {
            guard let url = URL(string: location) else { throw .notURL(location) }
            do throws(AircraftFeedSourceError) {
                return try await AircraftSnapshotDownload.snapshot(at: url, traceTime: traceTime, name: name)
            } catch { throw .download(error) }
        }
        guard let data = FileManager.default.contents(atPath: location) else { throw .unreadable(path: location) }
        do throws(AircraftFeedError) { return try AircraftFeed.read(data, traceTime: traceTime) } catch {
            throw .content(path: location, error)
        }
    }
}

/// A feed setting that is neither `opensky` nor an http(s) URL, and where it was given.
public struct AircraftSettingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where the setting came from.
    public enum Origin: Sendable, Equatable {
        /// Given for this run (`--aircraft-feed`).
        case given
        /// ``AircraftFeedChoice/environmentVariable``.
        case environment
    }

    /// Where the setting came from.
    public var origin: Origin
    /// What was given.
    public var text: String
    /// Why it is refused.
    public var reason: String

    /// An error for `text` given at `origin`.
    public init(origin: Origin, text: String, reason: String) {
        self.origin = origin
        self.text = text
        self.reason = reason
    }

    /// `"'<text>': <reason>"`.
    public var description: String { "'\(text)': \(reason)" }
}

/// Why an aircraft snapshot could not be had.
public enum AircraftSnapshotError: Error, Sendable, CustomStringConvertible {
    /// An http(s) location that is not a URL.
    case notURL(String)
    /// The download failed (timeout, transport, status, or a body that is no snapshot).
    case download(AircraftFeedSourceError)
    /// The file cannot be read.
    case unreadable(path: String)
    /// The file is no aircraft snapshot.
    case content(path: String, AircraftFeedError)

    /// What went wrong, naming the location.
    public var description: String {
        switch self {
        case .notURL(let location): "'\(location)' is not a URL"
        case .download(let error): error.description
        case .unreadable(let path): "cannot read \(path)"
        case .content(let path, let error): "\(path): \(error.description)"
        }
    }
}
