/// Decides whether an anonymous registration comes from a genuine app install (App Attest,
/// Play Integrity). Pluggable: the server only needs a yes or no.
public protocol AttestationVerifier: Sendable {
    /// Whether `attestation` (opaque, from the platform) is acceptable for `platform`.
    func verify(attestation: String, platform: String) async -> Bool
}

/// Development verifier: accepts any non-empty attestation of at most 8 KiB. Replace it with
/// a platform verifier in production (documented in docs/server.md).
public struct DevelopmentAttestationVerifier: AttestationVerifier {
    /// Creates the verifier.
    public init() {}

    /// True for a non-empty attestation of at most 8 KiB.
    public func verify(attestation: String, platform: String) async -> Bool {
        !attestation.isEmpty && attestation.utf8.count <= 8_192
    }
}
