import Foundation

/// The byte string a token's signature covers: a domain tag, the epoch and the device's nonce.
///
/// The epoch is bound twice (the key is the epoch's, and the message names it), so a token
/// cannot be replayed in another epoch even if a key were reused by mistake.
public enum TokenMessage {
    /// Domain separation tag.
    static let tag = Array("tidepool-presence-token-v1".utf8)
    /// Length of a nonce, bytes (256 random bits).
    public static let nonceLength = 32

    /// `tag ‖ epoch (8 bytes, big-endian) ‖ nonce`.
    public static func bytes(epoch: Int64, nonce: Data) -> Data {
        var data = Data(tag)
        withUnsafeBytes(of: UInt64(bitPattern: epoch).bigEndian) { data.append(contentsOf: $0) }
        data.append(nonce)
        return data
    }

    /// A fresh random nonce from the system CSPRNG.
    public static func randomNonce() -> Data {
        var generator = SystemRandomNumberGenerator()
        var data = Data(count: nonceLength)
        for index in 0..<nonceLength { data[index] = UInt8.random(in: 0...255, using: &generator) }
        return data
    }
}
