import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One aircraft snapshot fetched once from an http(s) URL (a local receiver's `aircraft.json`,
/// an OpenSky `/states/all` answer or a readsb trace, told apart as ``AircraftFeed/read(_:traceTime:)``
/// does), through the same bounded HTTP as the live feeds: `loci identify --aircraft URL`.
public enum AircraftSnapshotDownload {
    /// Seconds before the download counts as failed.
    public static let defaultTimeout = 10.0

    /// The snapshot at `url`; `traceTime` picks a trace's point (the capture time).
    /// - Throws: ``AircraftFeedSourceError`` naming `name`: a timeout, a transport failure, a
    ///   status other than 200, or a body that is no aircraft snapshot (the field named).
    public static func snapshot(
        at url: URL, traceTime: Double?, name: String, timeout: Double = defaultTimeout
    ) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        let data = try await FeedHTTP(timeout: timeout).body(of: URLRequest(url: url), feed: name)
        do { return try AircraftFeed.read(data, traceTime: traceTime) } catch {
            throw AircraftFeedSourceError(feed: name, .malformed(error))
        }
    }
}
