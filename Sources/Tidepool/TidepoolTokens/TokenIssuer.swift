import Crypto
import Foundation
import _CryptoExtras

/// Signs blinded nonces for authenticated devices, at most once per device per epoch.
///
/// The issuer sees a device identity and a blinded message only; RSA blinding makes the
/// signature it returns unlinkable to the token the device later redeems.
public struct TokenIssuer: Sendable {
    /// The epoch keys.
    public let keyring: EpochKeyring
    /// The per-device issuance record.
    public let ledger: any IssuanceLedger

    /// Creates an issuer.
    public init(keyring: EpochKeyring, ledger: any IssuanceLedger) {
        self.keyring = keyring
        self.ledger = ledger
    }

    /// Signs `blindedMessage` for `device` in the current epoch `epoch`.
    /// - Throws: ``TokenError/wrongEpoch(epoch:current:)`` unless `epoch` is current,
    ///   ``TokenError/alreadyIssued(epoch:)`` for a second request in the epoch,
    ///   ``TokenError/malformed(field:reason:)`` for a blinded message of the wrong size or not
    ///   below the key's modulus (client input, never a server failure), or
    ///   ``TokenError/cryptography(operation:reason:)``.
    public func issue(device: String, epoch: Int64, blindedMessage: Data) throws(TokenError) -> Data {
        let current = keyring.currentEpoch
        guard epoch == current else { throw .wrongEpoch(epoch: epoch, current: current) }
        guard blindedMessage.count == keyring.keySizeBits / 8 else {
            throw .malformed(
                field: "blinded_message",
                reason: "\(blindedMessage.count) bytes, expected \(keyring.keySizeBits / 8)")
        }
        let key = try keyring.privateKey(epoch: epoch)
        guard try Self.isBelowModulus(blindedMessage, of: key) else {
            throw .malformed(field: "blinded_message", reason: "not below the epoch key's modulus")
        }
        guard !ledger.hasIssued(device: device, epoch: epoch) else { throw .alreadyIssued(epoch: epoch) }
        let signature: Data
        do {
            signature = try key.blindSignature(for: blindedMessage).rawRepresentation
        } catch {
            throw .cryptography(operation: "blind signing", reason: "\(error)")
        }
        // Two concurrent requests may both sign; only the first to record gets its signature.
        guard ledger.record(device: device, epoch: epoch) else { throw .alreadyIssued(epoch: epoch) }
        return signature
    }

    /// Signs `blindedMessage` under the key of `epoch` (the current one or a coming one whose key
    /// the keyring holds) without this process's ledger: the caller records the issuance (the
    /// cluster's shared store does, in the same transaction).
    /// - Throws: ``TokenError/wrongEpoch(epoch:current:)`` for a past epoch,
    ///   ``TokenError/unknownEpoch(epoch:current:)`` for one without a key,
    ///   ``TokenError/malformed(field:reason:)`` for a message of the wrong size or not below
    ///   the modulus, or ``TokenError/cryptography(operation:reason:)``.
    public func sign(epoch: Int64, blindedMessage: Data) throws(TokenError) -> Data {
        let current = keyring.currentEpoch
        guard epoch >= current else { throw .wrongEpoch(epoch: epoch, current: current) }
        guard blindedMessage.count == keyring.keySizeBits / 8 else {
            throw .malformed(
                field: "blinded_message",
                reason: "\(blindedMessage.count) bytes, expected \(keyring.keySizeBits / 8)")
        }
        let key = try keyring.privateKey(epoch: epoch)
        guard try Self.isBelowModulus(blindedMessage, of: key) else {
            throw .malformed(field: "blinded_message", reason: "not below the epoch key's modulus")
        }
        do {
            return try key.blindSignature(for: blindedMessage).rawRepresentation
        } catch {
            throw .cryptography(operation: "blind signing", reason: "\(error)")
        }
    }

    /// Whether `message` (big-endian, the key's size) is an integer below the key's modulus: only
    /// such a message is a blinded message RSA can sign (RFC 9474 §4.2 refuses the rest).
    static func isBelowModulus(
        _ message: Data, of key: _RSA.BlindSigning.PrivateKey<SHA384>
    ) throws(TokenError) -> Bool {
        let modulus: Data
        do { modulus = try key.publicKey.getKeyPrimitives().modulus } catch {
            throw .cryptography(operation: "reading the key's modulus", reason: "\(error)")
        }
        let width = max(message.count, modulus.count)
        let a = Data(repeating: 0, count: width - message.count) + message
        let n = Data(repeating: 0, count: width - modulus.count) + modulus
        return a.lexicographicallyPrecedes(n)
    }
}
