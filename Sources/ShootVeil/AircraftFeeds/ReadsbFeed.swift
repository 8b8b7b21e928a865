import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A local receiver's readsb or dump1090 `aircraft.json` over HTTP (tar1090 serves it at
/// `/data/aircraft.json`). The receiver answers with everything it hears, so the area is not
/// sent; the matcher keeps what is visible from the capture.
public struct ReadsbFeed: AircraftFeedSource {
    /// The `aircraft.json` URL.
    public let url: URL
    /// `readsb <url>`.
    public var name: String { "readsb \(url.absoluteString)" }
    private let http: FeedHTTP

    /// A feed at `url` whose requests give up after `timeout` seconds.
    public init(url: URL, timeout: Double = AircraftFeedChoice.defaultTimeout) {
        self.url = url
        http = FeedHTTP(timeout: timeout)
    }

    /// The receiver's current `aircraft.json`.
    /// - Throws: ``AircraftFeedSourceError``: a timeout, a transport failure, a status other than
    ///   200, or a body that is not `aircraft.json` (the field named).
    public func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let data = try await http.body(of: request, feed: name)
        do { return try AircraftFeed.readsbAircraft(data) } catch {
            throw AircraftFeedSourceError(feed: name, .malformed(error))
        }
    }
}
