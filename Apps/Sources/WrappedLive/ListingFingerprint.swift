/// A fingerprint of a PhotoKit listing: FNV-1a 64 over each asset's identifier and
/// modification time, so adding, removing or editing a photo changes it and the same library
/// gives the same text on every launch (Swift's `Hasher` is seeded per process, so it cannot be used).
struct ListingFingerprint {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds one asset.
    mutating func add(_ identifier: String, edited: Double?) {
        for byte in "\(identifier)\0\(edited.map { String($0) } ?? "-")\n".utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
    }

    /// Sixteen hex digits.
    var hex: String {
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}
