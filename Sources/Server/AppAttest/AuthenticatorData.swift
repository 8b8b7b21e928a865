/// The authenticator data of an attestation (WebAuthn §6.1 layout, as App Attest writes it):
/// RP ID hash, flags, counter and the attested credential data.
///
/// Only the fields the verifier checks are read; the COSE public key after the credential id is
/// kept unparsed in ``raw`` (the key the verifier trusts is the credential certificate's).
public struct AuthenticatorData: Sendable, Equatable {
    /// The whole structure, as hashed into the nonce.
    public let raw: [UInt8]
    /// SHA-256 of the app id (`TEAMID.bundle.id`), 32 bytes.
    public let rpIDHash: [UInt8]
    /// The flags byte.
    public let flags: UInt8
    /// The signature counter (0 in an attestation).
    public let counter: UInt32
    /// The 16-byte AAGUID naming the environment.
    public let aaguid: [UInt8]
    /// The credential id (the key id in App Attest).
    public let credentialID: [UInt8]

    /// Reads `bytes`.
    /// - Throws: ``AppAttestError/malformedAuthenticatorData(reason:)`` when a part is missing
    ///   or the attested-credential flag is not set.
    public init(_ bytes: [UInt8]) throws(AppAttestError) {
        // rpIdHash 32, flags 1, counter 4, aaguid 16, credential id length 2.
        let fixed = 32 + 1 + 4 + 16 + 2
        guard bytes.count >= fixed else {
            throw .malformedAuthenticatorData(reason: "\(bytes.count) bytes, fewer than the \(fixed) of its fixed part")
        }
        raw = bytes
        rpIDHash = Array(bytes[0..<32])
        flags = bytes[32]
        guard flags & 0x40 != 0 else {
            throw .malformedAuthenticatorData(reason: "the attested-credential-data flag (0x40) is not set")
        }
        counter = bytes[33..<37].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        aaguid = Array(bytes[37..<53])
        let length = Int(bytes[53]) << 8 | Int(bytes[54])
        guard length > 0, bytes.count >= fixed + length else {
            throw .malformedAuthenticatorData(
                reason: "credential id length \(length) does not fit the \(bytes.count - fixed) bytes left")
        }
        credentialID = Array(bytes[fixed..<fixed + length])
    }
}
