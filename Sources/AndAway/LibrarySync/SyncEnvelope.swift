import Foundation
import LibraryKit

/// One change set as a transport stores it (a CloudKit record's payload, a file): the sending
/// replica, and the set as JSON.
///
/// The record name ``recordName`` is unique per replica and send, so re-sending the same set
/// (after a crash before the send was confirmed) overwrites instead of duplicating.
public struct SyncEnvelope: Sendable, Hashable, Codable {
    /// The payload format; a reader refuses others.
    public static let version = 1

    /// Format version.
    public var version: Int
    /// The replica that sent the set.
    public var replica: String
    /// The set.
    public var changes: ChangeSet

    /// An envelope for `changes` from `replica`.
    public init(replica: String, changes: ChangeSet) {
        self.version = Self.version
        self.replica = replica
        self.changes = changes
    }

    /// `<replica>-<token>`: the name of this send (the token is the sender's change sequence).
    public var recordName: String { "\(replica)-\(changes.token.sequence)" }

    /// The envelope as JSON (keys sorted, so the same set encodes to the same bytes).
    public func encoded() throws(LibrarySyncError) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .millisecondsSince1970
        do { return try encoder.encode(self) } catch {
            throw .transport(operation: "encode", message: "change set \(recordName): \(error)")
        }
    }

    /// An envelope read back from ``encoded()`` bytes.
    /// - Throws: ``LibrarySyncError/transport(operation:message:)`` naming what was wrong.
    public init(data: Data) throws(LibrarySyncError) {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let decoded: SyncEnvelope
        do { decoded = try decoder.decode(SyncEnvelope.self, from: data) } catch {
            throw .transport(operation: "decode", message: "not a change set: \(error)")
        }
        guard decoded.version == Self.version else {
            throw .transport(operation: "decode", message: "change set version \(decoded.version), expected \(Self.version)")
        }
        self = decoded
    }
}
