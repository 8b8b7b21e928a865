/// The 32-bit FNV-1a hash, used wherever a hash is persisted or shown (colours, ids).
///
/// Unlike Swift's `Hasher`, which is randomly seeded per process, FNV-1a gives the same value in
/// every run and on every platform. Source: Fowler–Noll–Vo, <http://www.isthe.com/chongo/tech/comp/fnv/>
/// (offset basis 2166136261, prime 16777619, over the UTF-8 bytes).
public enum FNV1a {
    /// The FNV-1a 32-bit offset basis.
    public static let offsetBasis: UInt32 = 2_166_136_261
    /// The FNV-1a 32-bit prime.
    public static let prime: UInt32 = 16_777_619

    /// Hashes the UTF-8 bytes of `text`.
    ///
    /// - Complexity: O(n) in the number of UTF-8 bytes.
    public static func hash32(_ text: String) -> UInt32 {
        var hash = offsetBasis
        for byte in text.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* prime
        }
        return hash
    }
}
