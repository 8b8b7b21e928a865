import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The two URLSessions a ``TidepoolClient`` sends through: one for the calls that may carry
/// the device's access token, and one for the anonymous presence report that never does.
///
/// The anonymous session is always ephemeral and stores, accepts and sends no cookies, caches
/// nothing and keeps no credentials, whatever configuration the other one has, so nothing the
/// server could set on an authenticated answer can follow a report.
public struct TidepoolSessions: @unchecked Sendable {
    // @unchecked: URLSession is thread-safe (Apple documents it so) but not marked Sendable in
    // every Foundation this builds with.
    /// Authenticated and public calls.
    public let authenticated: URLSession
    /// The presence report only.
    public let anonymous: URLSession

    /// Creates the sessions; `configuration` is the authenticated session's.
    public init(configuration: URLSessionConfiguration = .default) {
        authenticated = URLSession(configuration: configuration)
        anonymous = URLSession(configuration: Self.anonymousConfiguration())
    }

    /// An ephemeral configuration that stores, accepts and sends no cookies and caches nothing.
    static func anonymousConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        return configuration
    }
}
