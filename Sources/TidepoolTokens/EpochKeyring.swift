import Crypto
import Foundation
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
public final class EpochKeyring: @unchecked Sendable {
    /// RSA modulus size, bits.
    public let keySizeBits: Int
    private let lock = NSLock()
    private var keys: [Int64: _RSA.BlindSigning.PrivateKey<SHA384>] = [:]
    /// Public halves, derived once per key (verification must not rebuild them per token).
    private var publicKeys: [Int64: _RSA.BlindSigning.PublicKey<SHA384>] = [:]
    /// Guarded by `lock`.
    private var current: Int64

    /// The epoch being collected.
    public var currentEpoch: Int64 {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Creates a keyring whose current epoch is `epoch`, generating its key.
    /// - Parameter keySizeBits: 2048 (the default), 3072 or 4096.
    /// - Throws: ``TokenError/malformed(field:reason:)`` for another key size, or
    ///   ``TokenError/cryptography(operation:reason:)`` when key generation fails.
    public init(currentEpoch epoch: Int64, keySizeBits: Int = 2048) throws(TokenError) {
        guard [2048, 3072, 4096].contains(keySizeBits) else {
            throw .malformed(field: "keySizeBits", reason: "\(keySizeBits) is not 2048, 3072 or 4096")
        }
        self.keySizeBits = keySizeBits
        current = epoch
        let key = try Self.generate(bits: keySizeBits)
        keys[epoch] = key
        publicKeys[epoch] = key.publicKey
    }

    /// Makes `epoch` current: generates its key and destroys every older epoch's key.
    /// Moving backwards is refused.
    /// - Throws: ``TokenError/wrongEpoch(epoch:current:)`` for an older epoch, or
    ///   ``TokenError/cryptography(operation:reason:)``.
    public func rotate(to epoch: Int64) throws(TokenError) {
        let now = currentEpoch
        guard epoch >= now else { throw .wrongEpoch(epoch: epoch, current: now) }
        guard epoch > now else { return }
        let key = try Self.generate(bits: keySizeBits)
        lock.lock()
        defer { lock.unlock() }
        guard epoch > current else { return }  // another caller rotated meanwhile
        keys[epoch] = key
        publicKeys[epoch] = key.publicKey
        keys = keys.filter { $0.key >= epoch }
        publicKeys = publicKeys.filter { $0.key >= epoch }
        current = epoch
    }

    /// The public key of `epoch` in DER (SubjectPublicKeyInfo), for devices.
    /// - Throws: ``TokenError/unknownEpoch(epoch:current:)`` when the epoch has no key.
    public func publicKeyDER(epoch: Int64) throws(TokenError) -> Data {
        try publicKey(epoch: epoch).derRepresentation
    }

    /// The public key of `epoch`.
    func publicKey(epoch: Int64) throws(TokenError) -> _RSA.BlindSigning.PublicKey<SHA384> {
        lock.lock()
        defer { lock.unlock() }
        guard let key = publicKeys[epoch] else { throw .unknownEpoch(epoch: epoch, current: current) }
        return key
    }

    /// The private key of `epoch`.
    func privateKey(epoch: Int64) throws(TokenError) -> _RSA.BlindSigning.PrivateKey<SHA384> {
        lock.lock()
        defer { lock.unlock() }
        guard let key = keys[epoch] else { throw .unknownEpoch(epoch: epoch, current: current) }
        return key
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
