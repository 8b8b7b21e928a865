import Foundation
import IdentifyKit

/// The aircraft feed a user configures once (`--aircraft-feed`, `LOCI_AIRCRAFT_FEED`): an
/// `http(s)` URL of a readsb/dump1090 `aircraft.json`, or `opensky`. Parsed here so the CLI and
/// the server read the setting the same way, and made into a cached source here.
public enum AircraftFeedChoice: Sendable, Equatable, CustomStringConvertible {
    /// A receiver's `aircraft.json`.
    case readsb(URL)
    /// OpenSky's `/states/all` (credentials from the environment when set).
    case openSky

    /// The environment variable both `loci serve` and `loci identify` read.
    public static let environmentVariable = "LOCI_AIRCRAFT_FEED"
    /// The word that picks OpenSky.
    public static let openSkyWord = "opensky"
    /// Seconds a feed request may take before the answer goes without aircraft.
    public static let defaultTimeout = 4.0
    /// How far around the capture aircraft are asked for, metres: farther aircraft are specks
    /// (and OpenSky charges a box of about 4 square degrees as its smallest).
    public static let defaultRadius = 100_000.0

    /// Parses `opensky` or an `http(s)` URL with a host.
    /// - Throws: the reason the text is neither (for the caller to name its flag or variable).
    public init(parsing text: String) throws(AircraftFeedChoiceError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == Self.openSkyWord {
            self = .openSky
            return
        }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https", let host = url.host, !host.isEmpty
        else {
            throw AircraftFeedChoiceError(
                text: text, reason: "must be opensky or an http(s) URL of a readsb/dump1090 aircraft.json")
        }
        self = .readsb(url)
    }

    /// `opensky` or the URL, as a user would write it.
    public var description: String {
        switch self {
        case .readsb(let url): url.absoluteString
        case .openSky: Self.openSkyWord
        }
    }

    /// The feed, wrapped in a ``CachedAircraftFeed``: OpenSky signs in when `environment` holds
    /// ``OpenSkyCredentials`` variables. `clock` gives Unix seconds (cache and token expiry).
    public func source(
        environment: [String: String], timeout: Double = Self.defaultTimeout,
        cacheLifetime: Double = CachedAircraftFeed.defaultLifetime,
        clock: @escaping @Sendable () -> Double = { Date().timeIntervalSince1970 }
    ) -> CachedAircraftFeed {
        let feed: any AircraftFeedSource
        switch self {
        case .readsb(let url): feed = ReadsbFeed(url: url, timeout: timeout)
        case .openSky:
            feed = OpenSkyFeed(
                credentials: OpenSkyCredentials.from(environment: environment, clock: clock), timeout: timeout)
        }
        return CachedAircraftFeed(feed, lifetime: cacheLifetime, clock: clock)
    }
}

/// A feed setting that is neither `opensky` nor an `http(s)` URL.
public struct AircraftFeedChoiceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was given.
    public var text: String
    /// Why it is refused.
    public var reason: String

    /// `"'<text>': <reason>"`.
    public var description: String { "'\(text)': \(reason)" }
}
