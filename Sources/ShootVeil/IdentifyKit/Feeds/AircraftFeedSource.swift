import GeoKit

/// Where live aircraft come from: a local receiver's readsb/dump1090 `aircraft.json`, OpenSky's
/// `/states/all`, or a stub in tests. The HTTP implementations live in the `AircraftFeeds`
/// module; ``CachedAircraftFeed`` wraps any of them with a short cache.
public protocol AircraftFeedSource: Sendable {
    /// Names the feed in answers and errors (`readsb http://10.0.0.5/data/aircraft.json`,
    /// `OpenSky`); never carries a credential.
    var name: String { get }

    /// The aircraft the feed knows in `area` now (a receiver's feed may return more: all it hears).
    /// - Throws: ``AircraftFeedSourceError`` saying what failed and naming the feed.
    func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot
}
