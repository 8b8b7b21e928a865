import Crypto
import Foundation
import GeoKit
import _CryptoExtras

/// Checks redemptions `{tile_id, epoch, nonce, signature}` without any identity: the epoch
/// must be the current one, the signature must verify under that epoch's key, and the nonce
/// must not have been spent. A refused redemption changes nothing.
public struct TokenVerifier: Sendable {
    /// The epoch keys.
    public let keyring: EpochKeyring
    /// The epoch's spent nonces.
    public let spent: any SpentNonceStore
    /// The grid tile ids must belong to.
    public let tiler: GridTiler

    /// Creates a verifier.
    public init(keyring: EpochKeyring, spent: any SpentNonceStore, tiler: GridTiler = .standard) {
        self.keyring = keyring
        self.spent = spent
        self.tiler = tiler
    }

    /// Verifies and spends a redemption; on return its tile may be counted once.
    /// - Throws: ``TokenError/malformed(field:reason:)`` (tile not a base tile of the grid,
    ///   nonce or signature of the wrong size), ``TokenError/wrongEpoch(epoch:current:)``,
    ///   ``TokenError/unknownEpoch(epoch:current:)``, ``TokenError/invalidSignature(epoch:)``
    ///   or ``TokenError/doubleSpend(epoch:)``.
    /// - Complexity: one RSA public-key operation (e = 65537) and one SHA-384.
    public func redeem(_ redemption: TokenRedemption) throws(TokenError) {
        try verify(redemption)
        guard spent.insert(nonce: redemption.nonce, epoch: redemption.epoch) else {
            throw .doubleSpend(epoch: redemption.epoch)
        }
    }

    /// Checks a redemption as ``redeem(_:)`` does, without spending its nonce (a cluster spends
    /// it in its shared store).
    /// - Throws: what ``redeem(_:)`` throws, except ``TokenError/doubleSpend(epoch:)``.
    public func verify(_ redemption: TokenRedemption) throws(TokenError) {
        guard redemption.tile.level == 0 else {
            throw .malformed(field: "tile_id", reason: "level \(redemption.tile.level) is not the base level")
        }
        do { try tiler.validate(redemption.tile) } catch {
            throw .malformed(field: "tile_id", reason: error.description)
        }
        guard redemption.nonce.count == TokenMessage.nonceLength else {
            throw .malformed(
                field: "nonce",
                reason: "\(redemption.nonce.count) bytes, expected \(TokenMessage.nonceLength)")
        }
        guard redemption.signature.count == keyring.keySizeBits / 8 else {
            throw .malformed(
                field: "signature",
                reason: "\(redemption.signature.count) bytes, expected \(keyring.keySizeBits / 8)")
        }
        let current = keyring.currentEpoch
        guard redemption.epoch == current else {
            throw .wrongEpoch(epoch: redemption.epoch, current: current)
        }
        let publicKey = try keyring.publicKey(epoch: redemption.epoch)
        let message = publicKey.prepare(TokenMessage.bytes(epoch: redemption.epoch, nonce: redemption.nonce))
        let signature = _RSA.Signing.RSASignature(rawRepresentation: redemption.signature)
        guard publicKey.isValidSignature(signature, for: message) else {
            throw .invalidSignature(epoch: redemption.epoch)
        }
    }
}
