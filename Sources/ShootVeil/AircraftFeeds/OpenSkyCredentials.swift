import Foundation
import IdentifyKit
import LockedState

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An OpenSky API client's OAuth2 client credentials (the account's "API client"), exchanged for
/// a bearer token that is kept until a minute before it expires. Read from the environment
/// (``clientIDVariable``, ``clientSecretVariable``); the secret is never printed.
public final class OpenSkyCredentials: Sendable {
    /// The environment variable holding the client id.
    public static let clientIDVariable = "OPENSKY_CLIENT_ID"
    /// The environment variable holding the client secret.
    public static let clientSecretVariable = "OPENSKY_CLIENT_SECRET"
    /// OpenSky's token endpoint (Keycloak, client-credentials grant).
    public static let productionTokenURL = URL(
        string: "https://auth.opensky-network.org/auth/realms/opensky-network/protocol/openid-connect/token")!

    /// The client id.
    public let clientID: String
    private let clientSecret: String
    private let tokenURL: URL
    private let clock: @Sendable () -> Double
    private let cached = Locked<(token: String, expires: Double)?>(nil)

    /// Credentials for `clientID`; `clock` gives Unix seconds (token expiry).
    public init(
        clientID: String, clientSecret: String, tokenURL: URL = OpenSkyCredentials.productionTokenURL,
        clock: @escaping @Sendable () -> Double
    ) {
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.tokenURL = tokenURL
        self.clock = clock
    }

    /// The credentials in `environment`, nil when either variable is unset or empty.
    public static func from(environment: [String: String], clock: @escaping @Sendable () -> Double)
        -> OpenSkyCredentials?
    {
        guard let id = environment[clientIDVariable], !id.isEmpty,
            let secret = environment[clientSecretVariable], !secret.isEmpty
        else { return nil }
        return OpenSkyCredentials(clientID: id, clientSecret: secret, clock: clock)
    }

    /// A valid bearer token: the kept one, else a new one from the token endpoint.
    func token(http: FeedHTTP, feed: String) async throws(AircraftFeedSourceError) -> String {
        let now = clock()
        if let kept = cached.withLock({ $0 }), now < kept.expires - 60 { return kept.token }
        var request = URLRequest(url: tokenURL)
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        var form = URLComponents()
        form.queryItems = [
            URLQueryItem(name: "grant_type", value: "client_credentials"),
            URLQueryItem(name: "client_id", value: clientID),
            URLQueryItem(name: "client_secret", value: clientSecret),
        ]
        request.httpBody = Data((form.percentEncodedQuery ?? "").utf8)
        let data: Data
        do { data = try await http.body(of: request, feed: feed) } catch {
            if case .http(let status) = error.kind {
                throw AircraftFeedSourceError(feed: feed, .credentials("token endpoint answered HTTP \(status)"))
            }
            throw error
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let token = object["access_token"] as? String, !token.isEmpty
        else { throw AircraftFeedSourceError(feed: feed, .credentials("the token answer has no access_token")) }
        let lifetime = (object["expires_in"] as? NSNumber)?.doubleValue ?? 1_800
        cached.withLock { $0 = (token, now + lifetime) }
        return token
    }
}
