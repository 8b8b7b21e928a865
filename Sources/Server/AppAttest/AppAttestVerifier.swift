import CBORDecoding
import Crypto
import Foundation
import SwiftASN1
@_spi(FixedExpiryValidationTime) import X509

/// Verifies an App Attest attestation object the way Apple's "Validating apps that connect to
/// your server" describes (attestation, steps 1–9), at an injected time.
///
/// What passing proves: a genuine Apple device's Secure Enclave made the key whose id the app
/// sent, for one of ``appIDs``, in an accepted environment, after the server's challenge.
///
/// What it does not do (a production deployment would add them):
/// - keep ``VerifiedAttestation/publicKey`` and a counter per key id, and verify later
///   *assertions* against them (each with a counter above the stored one); the server here uses
///   the attestation only to gate registration;
/// - exchange ``VerifiedAttestation/receipt`` with Apple for the fraud-risk metric (how many
///   attested keys this device made for the app in 30 days), which needs a network call and an
///   Apple developer token;
/// - check revocation (Apple publishes no CRL or OCSP for these certificates).
public struct AppAttestVerifier: Sendable {
    /// The OID of the credential certificate's nonce extension.
    public static let nonceExtension: ASN1ObjectIdentifier = [1, 2, 840, 113_635, 100, 8, 2]

    /// The accepted app ids, `TEAMID.bundle.id` (each hashed into the RP ID).
    public let appIDs: [String]
    /// The environments accepted (``AppAttestEnvironment/production`` alone for a store build).
    public let environments: Set<AppAttestEnvironment>
    private let roots: [Certificate]

    /// Creates a verifier for `appIDs` and `environments`, trusting `rootPEM` (Apple's App Attest
    /// root unless a test gives another).
    /// - Throws: ``AppAttestError/malformedCertificate(index:)`` (index -1) when `rootPEM` is not a certificate.
    public init(
        appIDs: [String], environments: Set<AppAttestEnvironment> = [.production],
        rootPEM: String = AppAttestRootCertificate.pem
    ) throws(AppAttestError) {
        self.appIDs = appIDs
        self.environments = environments
        do { roots = [try Certificate(pemEncoded: rootPEM)] } catch { throw .malformedCertificate(index: -1) }
    }

    /// Verifies `attestation` for the key `keyID` made after `challenge`, at `time`.
    /// - Parameters:
    ///   - attestation: the attestation object's bytes (`DCAppAttestService.attestKey`'s result).
    ///   - keyID: the key id the app sent (the 32 bytes `generateKey` returned base64-encoded).
    ///   - challenge: the one-time challenge the server gave; the app hashed it into `clientDataHash`.
    ///   - time: the instant the certificates must be valid at (now, from the caller's clock).
    /// - Throws: ``AppAttestError`` naming the first step that failed.
    public func verify(
        attestation: [UInt8], keyID: [UInt8], challenge: [UInt8], at time: Date
    ) async throws(AppAttestError) -> VerifiedAttestation {
        let object = try AttestationObject(attestation)
        var certificates: [Certificate] = []
        for (index, der) in object.certificates.enumerated() {
            do { certificates.append(try Certificate(derEncoded: der)) } catch { throw .malformedCertificate(index: index) }
        }
        let credential = certificates[0]
        // Step 1: the chain, from the credential certificate through the intermediates, to the root.
        try await checkChain(leaf: credential, intermediates: Array(certificates.dropFirst()), at: time)
        // Steps 2-4: nonce = SHA-256(authData ‖ SHA-256(challenge)) is the certificate's extension.
        let authData = object.authenticatorData
        let clientDataHash = Array(SHA256.hash(data: challenge))
        let nonce = Array(SHA256.hash(data: authData.raw + clientDataHash))
        guard try Self.nonce(in: credential) == nonce else { throw .nonceMismatch }
        // Step 5: the key id is SHA-256 of the credential public key (uncompressed point).
        guard let key = P256.Signing.PublicKey(credential.publicKey) else { throw .keyIDMismatch }
        let publicKey = Array(key.x963Representation)
        guard Array(SHA256.hash(data: publicKey)) == keyID else { throw .keyIDMismatch }
        // Step 6: the RP ID hash is SHA-256 of an accepted app id.
        guard let appID = appIDs.first(where: { Array(SHA256.hash(data: Data($0.utf8))) == authData.rpIDHash }) else {
            throw .appIDMismatch
        }
        // Step 7: a fresh key's counter.
        guard authData.counter == 0 else { throw .nonZeroCounter(authData.counter) }
        // Step 8: the environment.
        guard let environment = AppAttestEnvironment(aaguid: authData.aaguid), environments.contains(environment)
        else {
            throw .environmentNotAccepted(found: AppAttestEnvironment(aaguid: authData.aaguid)?.rawValue ?? "an unknown AAGUID")
        }
        // Step 9: the credential id is the key id.
        guard authData.credentialID == keyID else { throw .credentialIDMismatch }
        return VerifiedAttestation(
            keyID: keyID, publicKey: publicKey, appID: appID, environment: environment, receipt: object.receipt)
    }

    /// Step 1: an RFC 5280 path from `leaf` through `intermediates` to the root, valid at `time`.
    private func checkChain(leaf: Certificate, intermediates: [Certificate], at time: Date) async throws(AppAttestError) {
        var verifier = Verifier(rootCertificates: CertificateStore(roots)) {
            RFC5280Policy(fixedExpiryValidationTime: time)
        }
        let result = await verifier.validate(leaf: leaf, intermediates: CertificateStore(intermediates))
        if case .couldNotValidate(let failures) = result {
            throw .untrustedChain(reason: failures.first.map { "\($0.policyFailureReason)" } ?? "no path to the root")
        }
    }

    /// Step 4: the octet string inside the nonce extension, `SEQUENCE { [1] EXPLICIT OCTET STRING }`.
    static func nonce(in certificate: Certificate) throws(AppAttestError) -> [UInt8] {
        guard let fieldExtension = certificate.extensions[oid: nonceExtension] else { throw .missingNonce }
        do {
            let root = try DER.parse(fieldExtension.value)
            return try DER.sequence(root, identifier: .sequence) { nodes in
                guard let tagged = nodes.next() else { throw ASN1Error.invalidASN1Object(reason: "empty nonce sequence") }
                return try DER.explicitlyTagged(tagged, tagNumber: 1, tagClass: .contextSpecific) { node in
                    Array(try ASN1OctetString(derEncoded: node).bytes)
                }
            }
        } catch { throw .missingNonce }
    }
}
