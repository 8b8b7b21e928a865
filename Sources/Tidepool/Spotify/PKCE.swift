import Crypto
import Foundation

/// A PKCE pair (RFC 7636): a high-entropy verifier and its S256 challenge.
public struct PKCE: Sendable, Equatable {
    /// The code verifier: 43…128 characters of `[A-Za-z0-9-._~]`, kept on the device.
    public let verifier: String
    /// BASE64URL(SHA-256(ASCII(verifier))) without padding, sent in the authorisation URL.
    public let challenge: String
    /// Always `S256` (the plain method is not offered).
    public let method = "S256"

    /// The pair for a given verifier (RFC 7636 §4.1 checks its length and alphabet).
    ///
    /// - Throws: ``SpotifyAuthError/invalidVerifier(_:)`` when the verifier breaks §4.1.
    public init(verifier: String) throws(SpotifyAuthError) {
        let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        guard (43...128).contains(verifier.count), verifier.allSatisfy(allowed.contains) else {
            throw .invalidVerifier("must be 43…128 characters of A–Z a–z 0–9 - . _ ~ (got \(verifier.count))")
        }
        self.verifier = verifier
        self.challenge = PKCE.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// A fresh pair: 64 verifier characters drawn from `generator` (the system CSPRNG by default).
    public static func generate<G: RandomNumberGenerator>(using generator: inout G) -> PKCE {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        let verifier = String(
            (0..<64).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
        return PKCE(unchecked: verifier)  // 64 characters of the §4.1 alphabet
    }

    /// A pair for a verifier known to satisfy §4.1.
    private init(unchecked verifier: String) {
        self.verifier = verifier
        self.challenge = PKCE.base64URL(Data(SHA256.hash(data: Data(verifier.utf8))))
    }

    /// Base64url without padding (RFC 4648 §5).
    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        )
        .replacingOccurrences(of: "=", with: "")
    }

    /// A random `state` value: 32 base64url characters (192 bits) from `generator`.
    static func state<G: RandomNumberGenerator>(using generator: inout G) -> String {
        base64URL(Data((0..<24).map { _ in UInt8.random(in: 0...255, using: &generator) }))
    }
}
