import Foundation
import InterestIntegrations
import InterestKit
import Spotify

/// Connects Spotify: sign-in with PKCE in a ``WebAuthenticator``, the code exchanged for a
/// token, the top artists and tracks mapped to interest tags by the canonicaliser.
///
/// The token is used once and not kept (nothing is read from Spotify later), so there is no
/// Spotify secret on the phone to protect; reconnecting reads the interests again.
public struct SpotifyConnector: IntegrationConnector {
    /// `spotify`.
    public var name: String { "spotify" }
    /// `Spotify`.
    public var displayName: String { "Spotify" }

    private let auth: SpotifyAuthClient
    private let api: SpotifyAPIClient
    private let authenticator: any WebAuthenticator
    private let canonicalizer: Canonicalizer
    private let random: @Sendable () -> UInt64
    private let now: @Sendable () -> Date

    /// A connector signing in through `auth` and `authenticator`, reading through `api`.
    /// - Parameters:
    ///   - random: the PKCE verifier's and state's randomness (the system's secure generator on
    ///     the phone).
    ///   - now: the clock the token's expiry is dated by.
    public init(
        auth: SpotifyAuthClient, api: SpotifyAPIClient, authenticator: any WebAuthenticator,
        canonicalizer: Canonicalizer, random: @escaping @Sendable () -> UInt64,
        now: @escaping @Sendable () -> Date
    ) {
        self.auth = auth
        self.api = api
        self.authenticator = authenticator
        self.canonicalizer = canonicalizer
        self.random = random
        self.now = now
    }

    /// Signs in, reads the top items, returns their tags (strongest first).
    public func connect() async throws(IntegrationError) -> [InterestTag] {
        var generator = ClosureGenerator(source: random)
        let request = auth.authorizationRequest(using: &generator)
        let scheme = auth.configuration.redirectURI.scheme ?? ""
        let redirect: URL
        do { redirect = try await authenticator.authenticate(url: request.url, callbackScheme: scheme) } catch
        {
            throw IntegrationError(
                integration: name, cancelled: error == .cancelled, reason: error.description)
        }
        do {
            let code = try auth.authorizationCode(from: redirect, for: request)
            let token = try await auth.exchange(code: code, for: request, now: now())
            let (interests, _) = try await api.interests(
                token: token, canonicalizer: canonicalizer, now: now())
            return interests.signals.sorted { $0.strength > $1.strength }.map(\.tag)
        } catch let error as SpotifyAuthError {
            throw IntegrationError(integration: name, reason: error.description)
        } catch let error as SpotifyAPIError {
            throw IntegrationError(integration: name, reason: error.description)
        } catch {
            throw IntegrationError(integration: name, reason: "\(error)")
        }
    }
}

/// A generator drawing from a closure (the connector's injected randomness).
struct ClosureGenerator: RandomNumberGenerator {
    let source: @Sendable () -> UInt64
    mutating func next() -> UInt64 { source() }
}
