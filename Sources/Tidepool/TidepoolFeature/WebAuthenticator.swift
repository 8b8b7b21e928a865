import Foundation

/// A browser sign-in that ends in a redirect to the app: `ASWebAuthenticationSession` on the
/// phone (an ephemeral session, so no cookies are shared with Safari), a fake in tests.
public protocol WebAuthenticator: Sendable {
    /// Opens `url` and waits for the redirect to `callbackScheme`.
    /// - Returns: the redirect URL, as the provider sent it (code or error in its query).
    /// - Throws: ``WebAuthenticationError/cancelled`` when the user closes the sheet.
    func authenticate(url: URL, callbackScheme: String) async throws(WebAuthenticationError) -> URL
}

/// Why a browser sign-in ended without a redirect.
public enum WebAuthenticationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The user closed the sheet.
    case cancelled
    /// The session failed (its text).
    case failed(String)

    /// One line.
    public var description: String {
        switch self {
        case .cancelled: TidepoolCopy.signInCancelled()
        case .failed(let message): TidepoolCopy.signInFailed(message)
        }
    }
}

/// A web authenticator that answers each sign-in with `redirect(url)` and records the URLs
/// opened.
public actor FakeWebAuthenticator: WebAuthenticator {
    /// The URLs opened, in order.
    public private(set) var opened: [URL] = []
    private let redirect: @Sendable (URL) throws(WebAuthenticationError) -> URL

    /// An authenticator answering with `redirect` (which sees the URL opened, for its `state`).
    public init(redirect: @escaping @Sendable (URL) throws(WebAuthenticationError) -> URL) {
        self.redirect = redirect
    }

    /// The redirect for `url`.
    public func authenticate(url: URL, callbackScheme: String) throws(WebAuthenticationError) -> URL {
        opened.append(url)
        return try redirect(url)
    }
}
