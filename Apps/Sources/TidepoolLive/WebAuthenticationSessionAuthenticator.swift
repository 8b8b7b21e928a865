import AuthenticationServices
import Foundation
import TidepoolFeature
import UIKit

/// `ASWebAuthenticationSession`: a `WebAuthenticator` for the Spotify sign-in.
///
/// The session is ephemeral (no cookies shared with Safari, so signing in here leaves nothing
/// behind) and presented from the key window.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class WebAuthenticationSessionAuthenticator: NSObject, WebAuthenticator,
    ASWebAuthenticationPresentationContextProviding
{
    private var session: ASWebAuthenticationSession?

    /// An authenticator.
    public override init() {}

    /// Opens `url` and returns the redirect to `callbackScheme`.
    public func authenticate(url: URL, callbackScheme: String) async throws(WebAuthenticationError) -> URL {
        do {
            return try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<URL, any Error>) in
                let session = ASWebAuthenticationSession(url: url, callbackURLScheme: callbackScheme) {
                    redirect, error in
                    if let redirect {
                        continuation.resume(returning: redirect)
                    } else if let error = error as? ASWebAuthenticationSessionError,
                        error.code == .canceledLogin
                    {
                        continuation.resume(throwing: WebAuthenticationError.cancelled)
                    } else {
                        continuation.resume(
                            throwing: WebAuthenticationError.failed(
                                error?.localizedDescription ?? "no redirect"))
                    }
                }
                session.prefersEphemeralWebBrowserSession = true
                session.presentationContextProvider = self
                self.session = session
                if !session.start() {
                    continuation.resume(throwing: WebAuthenticationError.failed("could not start"))
                }
            }
        } catch let error as WebAuthenticationError {
            throw error
        } catch {
            throw .failed(error.localizedDescription)
        }
    }

    /// The key window.
    public nonisolated func presentationAnchor(for session: ASWebAuthenticationSession)
        -> ASPresentationAnchor
    {
        MainActor.assumeIsolated {
            UIApplication.shared.connectedScenes.compactMap { ($0 as? UIWindowScene)?.keyWindow }.first
                ?? ASPresentationAnchor()
        }
    }
}
