import WrappedKit

/// The cache key of seed §15 — (range start, range end, filters hash, algorithm version, access
/// privileges) — plus the photo set's fingerprint, so adding, removing or editing a photo also
/// invalidates (the seed's "refresh if permissions changed" is the same idea for a folder) —
/// plus what the place labels came from, so labels made without the gazetteer are redone once it
/// is there (``WrappedDatabase/loadRelabelling(_:)`` finds the run to relabel).
public struct WrappedCacheKey: Sendable, Hashable, Codable {
    /// First local day of the range.
    public var from: LocalDate
    /// Last local day of the range.
    public var to: LocalDate
    /// Hash of everything else the user chose: hidden places and settings (see ``filtersHash(hidden:settings:)``).
    public var filtersHash: String
    /// ``WrappedKit/WrappedEngine/algorithmVersion`` of the run.
    public var algorithmVersion: Int
    /// "all", "limited" or "none" (the PhotoKit authorisation; "all" for a folder).
    public var accessPrivileges: String
    /// Fingerprint of the photo set (a folder: paths, sizes and modification times).
    public var photoSetFingerprint: String
    /// What the labels came from: the place lookup's identity and version (e.g. the gazetteer
    /// file's name, size and modification time), ``noLabels`` when there is none, or empty when
    /// the caller does not say (then labels are never redone).
    public var labelSource: String

    /// The ``labelSource`` of a run made without a place lookup.
    public static let noLabels = "none"

    /// Creates a key.
    public init(
        from: LocalDate, to: LocalDate, filtersHash: String, algorithmVersion: Int = WrappedEngine.algorithmVersion,
        accessPrivileges: String = "all", photoSetFingerprint: String, labelSource: String = ""
    ) {
        self.from = from
        self.to = to
        self.filtersHash = filtersHash
        self.algorithmVersion = algorithmVersion
        self.accessPrivileges = accessPrivileges
        self.photoSetFingerprint = photoSetFingerprint
        self.labelSource = labelSource
    }

    /// A stable hash (FNV-1a 64, hex) of the hidden place ids (order-free) and `settings` lines.
    public static func filtersHash(hidden: Set<String>, settings: [String] = []) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in ["hidden"] + hidden.sorted() + ["settings"] + settings {
            for byte in part.utf8 + [0] {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
