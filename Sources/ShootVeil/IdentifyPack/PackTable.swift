/// One covered table's size and checksum.
public struct PackTable: Sendable, Hashable, Codable {
    /// The table's name.
    public var name: String
    /// Its rows.
    public var rows: Int
    /// The length of its canonical rows (``PackChecksum``), bytes: its share of the pack's content.
    public var bytes: Int
    /// The SHA-256 of its canonical rows, lowercase hex.
    public var sha256: String

    /// A table entry from its parts.
    public init(name: String, rows: Int, bytes: Int, sha256: String) {
        self.name = name
        self.rows = rows
        self.bytes = bytes
        self.sha256 = sha256
    }
}
