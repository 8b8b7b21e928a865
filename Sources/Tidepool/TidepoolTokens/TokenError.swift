/// Why a token operation was refused. Every case names what was wrong and for which epoch.
public enum TokenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device already received its token for this epoch.
    case alreadyIssued(epoch: Int64)
    /// No signing key exists for the epoch (not current, or already rotated away).
    case unknownEpoch(epoch: Int64, current: Int64)
    /// The token's epoch is not the one being collected (expired, or from the future).
    case wrongEpoch(epoch: Int64, current: Int64)
    /// The signature does not verify under the epoch's key (forged, or made for another epoch).
    case invalidSignature(epoch: Int64)
    /// The nonce was already redeemed in this epoch.
    case doubleSpend(epoch: Int64)
    /// A field has the wrong size or shape.
    case malformed(field: String, reason: String)
    /// A member the closed redemption schema does not name (a coordinate, a device id, …).
    case unknownMember(String)
    /// The cryptographic library failed (key generation, blinding, signing).
    case cryptography(operation: String, reason: String)
    /// The key a server offered for an epoch is not the one it publishes for every device (a key
    /// made for one device would identify it), or the published list is inconsistent.
    case unpublishedKey(epoch: Int64, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .alreadyIssued(let epoch): "a token for epoch \(epoch) was already issued to this device"
        case .unknownEpoch(let epoch, let current):
            "no signing key for epoch \(epoch) (current epoch \(current))"
        case .wrongEpoch(let epoch, let current):
            "token for epoch \(epoch) refused: only epoch \(current) is being collected"
        case .invalidSignature(let epoch): "token signature does not verify under epoch \(epoch)'s key"
        case .doubleSpend(let epoch): "token nonce already redeemed in epoch \(epoch)"
        case .malformed(let field, let reason): "token field \(field) is malformed: \(reason)"
        case .unknownMember(let field):
            "token field \(field) is malformed: unknown member; the schema is closed (\(TokenRedemption.jsonSchemaSummary))"
        case .cryptography(let operation, let reason): "\(operation) failed: \(reason)"
        case .unpublishedKey(let epoch, let reason): "refusing epoch \(epoch)'s key: \(reason)"
        }
    }
}
