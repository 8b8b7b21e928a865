import Crypto
import Foundation

/// The public keys the server publishes for the coming epochs (one RSA key per epoch for the
/// whole cluster), with a digest a device can compare with what other devices see.
///
/// The digest is SHA-256 over the canonical encoding of the list, epochs ascending: for each key,
/// the epoch as 8 bytes big-endian, the DER's length as 4 bytes big-endian, then the DER
/// (SubjectPublicKeyInfo). Two lists with the same digest hold the same keys for the same epochs.
public struct PublishedEpochKeys: Sendable, Equatable {
    /// Public keys (DER) by epoch.
    public let keys: [Int64: Data]

    /// A list of keys.
    public init(keys: [Int64: Data]) { self.keys = keys }

    /// The SHA-256 of the canonical encoding, lowercase hex (64 characters).
    public var digest: String { Self.digest(of: keys) }

    /// The SHA-256 of the canonical encoding of `keys`, lowercase hex.
    public static func digest(of keys: [Int64: Data]) -> String {
        var hasher = SHA256()
        for (epoch, der) in keys.sorted(by: { $0.key < $1.key }) {
            withUnsafeBytes(of: UInt64(bitPattern: epoch).bigEndian) { hasher.update(bufferPointer: $0) }
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: der.count).bigEndian) { hasher.update(bufferPointer: $0) }
            hasher.update(data: der)
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// Checks that the server's answer is self-consistent: `digest` is the digest of `keys`.
    /// - Throws: ``TokenError/unpublishedKey(epoch:reason:)`` (epoch 0) when it is not.
    public func check(digest claimed: String) throws(TokenError) {
        let actual = digest
        guard claimed.lowercased() == actual else {
            throw .unpublishedKey(
                epoch: keys.keys.min() ?? 0,
                reason: "the published key list's digest \(claimed) is not its content's \(actual)")
        }
    }

    /// Checks that `publicKeyDER` is the published key of `epoch`.
    /// - Throws: ``TokenError/unpublishedKey(epoch:reason:)`` when the list has no key for the
    ///   epoch or another one.
    public func check(epoch: Int64, publicKeyDER: Data) throws(TokenError) {
        guard let published = keys[epoch] else {
            throw .unpublishedKey(epoch: epoch, reason: "the published key list (digest \(digest)) has no key for it")
        }
        guard published == publicKeyDER else {
            throw .unpublishedKey(
                epoch: epoch, reason: "the key offered is not the one published for it (digest \(digest))")
        }
    }
}
