import Crypto
import Foundation
import LockedState
import _CryptoExtras

/// The RFC 9474 variant used: RSABSSA-SHA384-PSS-Deterministic. The signed message already
/// carries a fresh 256-bit nonce, so the randomized preparation adds nothing (RFC 9474 §5),
/// and the deterministic variant lets the verifier rebuild the message from the nonce alone.
/// Blinding is still randomized: the issuer cannot link a signature to its issuance.
typealias BlindKeyParameters = _RSA.BlindSigning.Parameters<SHA384>

extension BlindKeyParameters {
    /// The parameters every Tidepool key uses.
    static var tidepool: BlindKeyParameters { .RSABSSA_SHA384_PSS_Deterministic }
}

/// The server's signing keys, one per epoch: created when an epoch becomes current, destroyed
/// when it ends, so an expired epoch's token can never verify again. Safe to share.
public final class EpochKeyring: Sendable {
    /// The keys and the current epoch, behind one lock.
    struct Keys: Sendable {
        var current: Int64
        var keys: [Int64: _RSA.BlindSigning.PrivateKey<SHA384>] = [:]
        /// Public halves, derived once per key (verification must not rebuild them per token).
        var publicKeys: [Int64: _RSA.BlindSigning.PublicKey<SHA384>] = [:]
    }

    /// RSA modulus size, bits.
    public let keySizeBits: Int
    private let state: Locked<Keys>

    /// The epoch being collected.
    public var currentEpoch: Int64 { state.withLock { $0.current } }

    /// Creates a keyring whose current epoch is `epoch`, generating its key.
    /// - Parameter keySizeBits: 2048 (the default), 3072 or 4096.
    /// - Throws: ``TokenError/malformed(field:reason:)`` for another key size, or
    ///   ``TokenError/cryptography(operation:reason:)`` when key generation fails.
    public init(currentEpoch epoch: Int64, keySizeBits: Int = 2048) throws(TokenError) {
        guard [2048, 3072, 4096].contains(keySizeBits) else {
            throw .malformed(field: "keySizeBits", reason: "\(keySizeBits) is not 2048, 3072 or 4096")
        }
        self.keySizeBits = keySizeBits
        let key = try Self.generate(bits: keySizeBits)
        state = Locked(Keys(current: epoch, keys: [epoch: key], publicKeys: [epoch: key.publicKey]))
    }

    /// Creates a keyring whose current epoch is `epoch` and which holds no key yet: the keys come
    /// from the cluster's shared store (``install(privateKeysDER:)``), so every node signs an
    /// epoch with the same key.
    /// - Throws: ``TokenError/malformed(field:reason:)`` for a key size other than 2048, 3072 or 4096.
    public init(awaitingKeysFrom epoch: Int64, keySizeBits: Int = 2048) throws(TokenError) {
        guard [2048, 3072, 4096].contains(keySizeBits) else {
            throw .malformed(field: "keySizeBits", reason: "\(keySizeBits) is not 2048, 3072 or 4096")
        }
        self.keySizeBits = keySizeBits
        state = Locked(Keys(current: epoch))
    }

    /// A new private key of `bits` bits in DER (PKCS #1), for the shared store.
    /// - Throws: ``TokenError/cryptography(operation:reason:)`` when generation fails.
    public static func generatePrivateKeyDER(bits: Int) throws(TokenError) -> Data {
        try generate(bits: bits).derRepresentation
    }

    /// Installs private keys (DER, as ``generatePrivateKeyDER(bits:)`` makes them) for their
    /// epochs; keys of epochs before the current one are ignored, and an epoch that already has
    /// a key keeps it (an epoch's key never changes once in use).
    /// - Throws: ``TokenError/malformed(field:reason:)`` naming the epoch for a key that does not
    ///   parse or has another size.
    public func install(privateKeysDER: [Int64: Data]) throws(TokenError) {
        var parsed: [Int64: _RSA.BlindSigning.PrivateKey<SHA384>] = [:]
        let floor = currentEpoch
        for (epoch, der) in privateKeysDER where epoch >= floor && !hasKey(epoch: epoch) {
            let key: _RSA.BlindSigning.PrivateKey<SHA384>
            do { key = try _RSA.BlindSigning.PrivateKey(derRepresentation: der, parameters: .tidepool) } catch {
                throw .malformed(field: "epoch \(epoch) key", reason: "\(error)")
            }
            guard key.keySizeInBits == keySizeBits else {
                throw .malformed(
                    field: "epoch \(epoch) key", reason: "\(key.keySizeInBits) bits, expected \(keySizeBits)")
            }
            parsed[epoch] = key
        }
        state.withLock { state in
            for (epoch, key) in parsed where epoch >= state.current && state.keys[epoch] == nil {
                state.keys[epoch] = key
                state.publicKeys[epoch] = key.publicKey
            }
        }
    }

    /// Makes `epoch` current without generating anything, destroying every older epoch's key
    /// (the shared store's copies are deleted separately). Moving backwards does nothing.
    public func advance(to epoch: Int64) {
        state.withLock { state in
            guard epoch > state.current else { return }
            state.keys = state.keys.filter { $0.key >= epoch }
            state.publicKeys = state.publicKeys.filter { $0.key >= epoch }
            state.current = epoch
        }
    }

    /// Whether the keyring holds `epoch`'s key.
    public func hasKey(epoch: Int64) -> Bool {
        state.withLock { $0.keys[epoch] != nil }
    }

    /// The public keys (DER) of the epochs in `range` the keyring holds.
    public func publicKeysDER(in range: ClosedRange<Int64>) -> [Int64: Data] {
        let keys = state.withLock { state in state.publicKeys.filter { range.contains($0.key) } }
        return keys.mapValues(\.derRepresentation)
    }

    /// Makes `epoch` current: generates its key and destroys every older epoch's key.
    /// Moving backwards is refused.
    /// - Throws: ``TokenError/wrongEpoch(epoch:current:)`` for an older epoch, or
    ///   ``TokenError/cryptography(operation:reason:)``.
    public func rotate(to epoch: Int64) throws(TokenError) {
        let now = currentEpoch
        guard epoch >= now else { throw .wrongEpoch(epoch: epoch, current: now) }
        guard epoch > now else { return }
        // Generated outside the lock: key generation takes tens of milliseconds.
        let key = try Self.generate(bits: keySizeBits)
        state.withLock { state in
            guard epoch > state.current else { return }  // another caller rotated meanwhile
            state.keys[epoch] = key
            state.publicKeys[epoch] = key.publicKey
            state.keys = state.keys.filter { $0.key >= epoch }
            state.publicKeys = state.publicKeys.filter { $0.key >= epoch }
            state.current = epoch
        }
    }

    /// The public key of `epoch` in DER (SubjectPublicKeyInfo), for devices.
    /// - Throws: ``TokenError/unknownEpoch(epoch:current:)`` when the epoch has no key.
    public func publicKeyDER(epoch: Int64) throws(TokenError) -> Data {
        try publicKey(epoch: epoch).derRepresentation
    }

    /// The public key of `epoch`.
    func publicKey(epoch: Int64) throws(TokenError) -> _RSA.BlindSigning.PublicKey<SHA384> {
        try state.withLock { state throws(TokenError) in
            guard let key = state.publicKeys[epoch] else {
                throw .unknownEpoch(epoch: epoch, current: state.current)
            }
            return key
        }
    }

    /// The private key of `epoch`.
    func privateKey(epoch: Int64) throws(TokenError) -> _RSA.BlindSigning.PrivateKey<SHA384> {
        try state.withLock { state throws(TokenError) in
            guard let key = state.keys[epoch] else { throw .unknownEpoch(epoch: epoch, current: state.current) }
            return key
        }
    }

    /// Generates one key.
    static func generate(bits: Int) throws(TokenError) -> _RSA.BlindSigning.PrivateKey<SHA384> {
        do {
            return try _RSA.BlindSigning.PrivateKey(keySize: .init(bitCount: bits), parameters: .tidepool)
        } catch {
            throw .cryptography(operation: "RSA key generation", reason: "\(error)")
        }
    }
}
