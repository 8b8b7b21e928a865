import CBORDecoding

/// Why an attestation was refused: the step of Apple's server-side validation that failed.
///
/// The step numbers in the descriptions are those of Apple's "Validating apps that connect to
/// your server" (attestation, steps 1–9); decoding failures come before step 1.
public enum AppAttestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The attestation object is not the CBOR this decoder accepts.
    case malformedCBOR(CBORDecodingError)
    /// The CBOR is fine but not an attestation object: `field` is missing or has the wrong type.
    case malformedAttestationObject(field: String)
    /// `fmt` is not `apple-appattest`.
    case unsupportedFormat(String)
    /// The authenticator data is too short or its lengths do not add up; `reason` says which part.
    case malformedAuthenticatorData(reason: String)
    /// A certificate in `x5c` could not be parsed (`index` 0 is the credential certificate).
    case malformedCertificate(index: Int)
    /// Step 1: the chain does not reach Apple's App Attest root at the verification time
    /// (another root, a broken signature, or a certificate outside its validity); `reason` is
    /// the verifier's first policy failure.
    case untrustedChain(reason: String)
    /// Step 4: the credential certificate has no nonce extension (1.2.840.113635.100.8.2), or it
    /// is not a sequence holding one octet string.
    case missingNonce
    /// Step 4: the nonce in the certificate is not SHA-256(authData ‖ SHA-256(challenge)):
    /// another challenge, or altered authenticator data.
    case nonceMismatch
    /// Step 5: SHA-256 of the credential certificate's public key is not the key id the app sent
    /// (or the key is not a P-256 key).
    case keyIDMismatch
    /// Step 6: the authenticator data's RP ID hash is not SHA-256 of any accepted app id.
    case appIDMismatch
    /// Step 7: the counter is not 0 (an attestation is made once, with a fresh key).
    case nonZeroCounter(UInt32)
    /// Step 8: the AAGUID names no App Attest environment, or one this server does not accept.
    case environmentNotAccepted(found: String)
    /// Step 9: the authenticator data's credential id is not the key id.
    case credentialIDMismatch

    /// One line naming the step and what was wrong.
    public var description: String {
        switch self {
        case .malformedCBOR(let error): "attestation object: \(error)"
        case .malformedAttestationObject(let field): "attestation object: \(field) is missing or has the wrong type"
        case .unsupportedFormat(let format): "attestation object: fmt is \"\(format)\", not \"apple-appattest\""
        case .malformedAuthenticatorData(let reason): "authenticator data: \(reason)"
        case .malformedCertificate(let index): "x5c[\(index)]: not a DER X.509 certificate"
        case .untrustedChain(let reason): "step 1, certificate chain: does not reach Apple's App Attest root: \(reason)"
        case .missingNonce: "step 4, nonce: the credential certificate has no readable nonce extension"
        case .nonceMismatch: "step 4, nonce: does not match the authenticator data and the challenge"
        case .keyIDMismatch: "step 5, key id: the credential certificate's public key does not hash to the key id"
        case .appIDMismatch: "step 6, app id: the RP ID hash is not that of an accepted app id"
        case .nonZeroCounter(let counter): "step 7, counter: \(counter), not 0"
        case .environmentNotAccepted(let found): "step 8, environment: \(found) is not accepted"
        case .credentialIDMismatch: "step 9, credential id: is not the key id"
        }
    }
}
