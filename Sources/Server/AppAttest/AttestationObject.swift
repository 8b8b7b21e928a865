import CBORDecoding

/// An App Attest attestation object, decoded: `{fmt: "apple-appattest", attStmt: {x5c, receipt},
/// authData}` (WebAuthn attestation object layout).
public struct AttestationObject: Sendable, Equatable {
    /// The certificates, DER: the credential certificate first, then the intermediate.
    public let certificates: [[UInt8]]
    /// Apple's receipt (a PKCS #7 signed blob), kept for fraud-risk metrics.
    public let receipt: [UInt8]
    /// The authenticator data.
    public let authenticatorData: AuthenticatorData

    /// The largest attestation object accepted, bytes (real ones are about 5.3 KB).
    public static let maximumSize = 64 * 1_024

    /// Decodes `bytes`.
    /// - Throws: ``AppAttestError/malformedCBOR(_:)`` for bytes that are not one strict CBOR item
    ///   (or are larger than ``maximumSize``), ``AppAttestError/malformedAttestationObject(field:)``
    ///   for a missing or mistyped field, ``AppAttestError/unsupportedFormat(_:)`` for another `fmt`.
    public init(_ bytes: [UInt8]) throws(AppAttestError) {
        guard bytes.count <= Self.maximumSize else {
            throw .malformedCBOR(CBORDecodingError(.tooLong(UInt64(bytes.count)), at: 0))
        }
        let limits = CBORDecoder.Limits(maximumDepth: 4, maximumItems: 64, maximumLength: Self.maximumSize)
        let value: CBORValue
        do { value = try CBORDecoder(limits: limits).decode(bytes) } catch { throw .malformedCBOR(error) }
        guard let format = value["fmt"]?.textValue else { throw .malformedAttestationObject(field: "fmt") }
        guard format == "apple-appattest" else { throw .unsupportedFormat(format) }
        guard let statement = value["attStmt"] else { throw .malformedAttestationObject(field: "attStmt") }
        guard let chain = statement["x5c"]?.arrayValue, !chain.isEmpty else {
            throw .malformedAttestationObject(field: "attStmt.x5c")
        }
        var certificates: [[UInt8]] = []
        for certificate in chain {
            guard let der = certificate.bytesValue else { throw .malformedAttestationObject(field: "attStmt.x5c") }
            certificates.append(der)
        }
        guard let receipt = statement["receipt"]?.bytesValue else {
            throw .malformedAttestationObject(field: "attStmt.receipt")
        }
        guard let authData = value["authData"]?.bytesValue else { throw .malformedAttestationObject(field: "authData") }
        self.certificates = certificates
        self.receipt = receipt
        authenticatorData = try AuthenticatorData(authData)
    }
}
