/// A Lamport timestamp with the replica that made it: the version of one field.
///
/// Stamps are totally ordered by counter, then replica id, so any two replicas pick the same
/// winner for the same pair of edits (the replica id breaks ties between concurrent edits).
/// A replica's counter is one more than the highest counter it has made or received
/// (Lamport, "Time, clocks, and the ordering of events in a distributed system", 1978).
public struct Stamp: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    /// The Lamport counter.
    public var counter: UInt64
    /// The replica that made the edit.
    public var replica: String

    /// A stamp.
    public init(counter: UInt64, replica: String) {
        self.counter = counter
        self.replica = replica
    }

    /// Older than every real stamp.
    public static let zero = Stamp(counter: 0, replica: "")

    public static func < (a: Stamp, b: Stamp) -> Bool { (a.counter, a.replica) < (b.counter, b.replica) }

    /// `counter@replica`, the form the store keeps.
    public var description: String { "\(counter)@\(replica)" }

    /// Parses `counter@replica`.
    public init?(_ text: Substring) {
        // Over UTF-8 bytes: splitting by `Character` walks grapheme clusters, which dominated
        // reading stamps back from the store.
        var counter: UInt64 = 0
        var digits = 0
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] != 0x40 {
            let digit = bytes[index] &- 0x30
            guard digit < 10, digits < 19 else { return nil }
            counter = counter * 10 + UInt64(digit)
            digits += 1
            index = bytes.index(after: index)
        }
        guard digits > 0, index < bytes.endIndex else { return nil }
        self.init(counter: counter, replica: String(decoding: bytes[bytes.index(after: index)...], as: UTF8.self))
    }
}

/// Where a replica has read another's changes up to: an opaque position in its change log
/// (as CloudKit's server change token). Start from ``start``.
public struct ChangeToken: Sendable, Hashable, Codable {
    /// The last change sequence number delivered.
    public var sequence: Int64

    /// A token at `sequence`.
    public init(sequence: Int64) { self.sequence = sequence }

    /// Before every change.
    public static let start = ChangeToken(sequence: 0)
}
