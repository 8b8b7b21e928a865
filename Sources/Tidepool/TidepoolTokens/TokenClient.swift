import Crypto
import Foundation
import _CryptoExtras

/// The device's half of the protocol: blind a fresh nonce, send the blinded message with its
/// access token, unblind the answer into a ``PresenceToken``.
public struct TokenClient {
    /// A request in flight: the blinded message to send and what is needed to unblind.
    public struct Pending {
        /// The epoch requested.
        public let epoch: Int64
        /// The bytes to send to the issuer.
        public let blindedMessage: Data
        let nonce: Data
        let publicKey: _RSA.BlindSigning.PublicKey<SHA384>
        let message: _RSA.BlindSigning.PreparedMessage
        let inverse: _RSA.BlindSigning.BlindingInverse
    }

    /// Creates a client.
    public init() {}

    /// Starts a token request for `epoch` against the epoch's public key (DER).
    /// - Throws: ``TokenError/malformed(field:reason:)`` for an unusable key, or
    ///   ``TokenError/cryptography(operation:reason:)`` when blinding fails.
    public func request(epoch: Int64, publicKeyDER: Data) throws(TokenError) -> Pending {
        try request(epoch: epoch, publicKeyDER: publicKeyDER, nonce: TokenMessage.randomNonce())
    }

    /// Starts a token request for `epoch` after checking that `publicKeyDER` is the key the
    /// server publishes for that epoch to every device (``PublishedEpochKeys``): a key made for
    /// this device alone would let the server recognise its token.
    /// - Throws: ``TokenError/unpublishedKey(epoch:reason:)`` for a key not in the list, and what
    ///   ``request(epoch:publicKeyDER:)`` throws.
    public func request(epoch: Int64, publicKeyDER: Data, published: PublishedEpochKeys) throws(TokenError)
        -> Pending
    {
        try published.check(epoch: epoch, publicKeyDER: publicKeyDER)
        return try request(epoch: epoch, publicKeyDER: publicKeyDER)
    }

    /// Starts a token request for a given nonce. Package-only, for tests that blind one token
    /// input twice; devices always use a fresh random nonce (``request(epoch:publicKeyDER:)``).
    package func request(epoch: Int64, publicKeyDER: Data, nonce: Data) throws(TokenError) -> Pending {
        let publicKey: _RSA.BlindSigning.PublicKey<SHA384>
        do {
            publicKey = try _RSA.BlindSigning.PublicKey(
                derRepresentation: publicKeyDER, parameters: .tidepool)
        } catch {
            throw .malformed(field: "public_key", reason: "\(error)")
        }
        let message = publicKey.prepare(TokenMessage.bytes(epoch: epoch, nonce: nonce))
        do {
            let blinded = try publicKey.blind(message)
            return Pending(
                epoch: epoch, blindedMessage: blinded.blindedMessage, nonce: nonce, publicKey: publicKey,
                message: message, inverse: blinded.inverse)
        } catch {
            throw .cryptography(operation: "blinding", reason: "\(error)")
        }
    }

    /// Unblinds the issuer's answer; the result is checked against the public key.
    /// - Throws: ``TokenError/invalidSignature(epoch:)`` when the issuer's answer does not
    ///   unblind to a valid signature.
    public func finish(_ pending: Pending, blindSignature: Data) throws(TokenError) -> PresenceToken {
        do {
            let signature = try pending.publicKey.finalize(
                _RSA.BlindSigning.BlindSignature(rawRepresentation: blindSignature), for: pending.message,
                blindingInverse: pending.inverse)
            return PresenceToken(
                epoch: pending.epoch, nonce: pending.nonce, signature: signature.rawRepresentation)
        } catch {
            throw .invalidSignature(epoch: pending.epoch)
        }
    }
}
