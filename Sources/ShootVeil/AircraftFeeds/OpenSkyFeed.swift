import Foundation
import IdentifyKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// OpenSky Network's `GET /api/states/all` for the area's box (`lamin`, `lomin`, `lamax`,
/// `lomax`): anonymous (about 10 s stale, a small daily credit), or with OAuth2 client
/// credentials (``OpenSkyCredentials``) as a bearer token.
public struct OpenSkyFeed: AircraftFeedSource {
    /// OpenSky's REST API.
    public static let productionBaseURL = URL(string: "https://opensky-network.org/api")!

    /// The API's base URL (a local stub in tests).
    public let baseURL: URL
    /// `OpenSky` (`OpenSky <base URL>` when not the production API).
    public var name: String {
        baseURL == Self.productionBaseURL ? "OpenSky" : "OpenSky \(baseURL.absoluteString)"
    }
    private let http: FeedHTTP
    private let credentials: OpenSkyCredentials?

    /// A feed at `baseURL`, signed in with `credentials` when given; requests give up after
    /// `timeout` seconds.
    public init(
        baseURL: URL = Self.productionBaseURL, credentials: OpenSkyCredentials? = nil,
        timeout: Double = AircraftFeedChoice.defaultTimeout
    ) {
        self.baseURL = baseURL
        self.credentials = credentials
        http = FeedHTTP(timeout: timeout)
    }

    /// The states in `area`'s box.
    /// - Throws: ``AircraftFeedSourceError``: a timeout, a transport failure, a refused token or
    ///   credentials, a status other than 200, or a body that is not `/states/all` (the field named).
    public func snapshot(in area: AircraftFeedArea) async throws(AircraftFeedSourceError) -> AircraftSnapshot {
        let box = area.box
        var components = URLComponents(
            url: baseURL.appendingPathComponent("states").appendingPathComponent("all"),
            resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "lamin", value: Self.degrees(box.south)),
            URLQueryItem(name: "lomin", value: Self.degrees(box.west)),
            URLQueryItem(name: "lamax", value: Self.degrees(box.north)),
            URLQueryItem(name: "lomax", value: Self.degrees(box.east)),
        ]
        guard let url = components?.url else {
            throw AircraftFeedSourceError(feed: name, .transport("cannot form a URL from \(baseURL)"))
        }
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let credentials {
            let token = try await credentials.token(http: http, feed: name)
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        }
        let data = try await http.body(of: request, feed: name)
        do { return try AircraftFeed.openSkyStates(data) } catch {
            throw AircraftFeedSourceError(feed: name, .malformed(error))
        }
    }

    /// Degrees with four decimals (11 m), as OpenSky's examples write them.
    static func degrees(_ value: Double) -> String { String(format: "%.4f", value) }
}
