/// What a verified attestation establishes, and what a server keeps of it.
public struct VerifiedAttestation: Sendable, Equatable {
    /// The key id (SHA-256 of ``publicKey``).
    public let keyID: [UInt8]
    /// The attested P-256 public key, uncompressed X9.63 (65 bytes): a server that verifies
    /// later assertions keeps it per key id with the counter.
    public let publicKey: [UInt8]
    /// The app id the RP ID hash matched.
    public let appID: String
    /// The environment the AAGUID named.
    public let environment: AppAttestEnvironment
    /// Apple's receipt, for fraud-risk metrics (exchanging it with Apple is not done here).
    public let receipt: [UInt8]
}
