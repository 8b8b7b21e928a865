import CloudKit
import Foundation
import LibraryKit

/// What the CloudKit transport keeps next to the library, written atomically on every change:
/// CKSyncEngine's state, the last token handed to the outbox, the outbox (sets not yet confirmed
/// by the server) and the inbox (sets fetched but not yet applied to the library).
///
/// Keeping the inbox in the same write as the engine's state is what makes a crash safe: the
/// engine never moves past changes the library has not applied.
struct CloudKitSyncState: Codable {
    var engine: CKSyncEngine.State.Serialization?
    var sentToken = ChangeToken.start
    var zoneSaved = false
    /// Envelope JSON by record name.
    var outbox: [String: Data] = [:]
    /// Envelope JSON, oldest first.
    var inbox: [Data] = []

    /// The state in `url`, or a new one when there is none; an unreadable file is moved aside
    /// (`.unreadable`) and sync starts over, which is safe: the merge is idempotent.
    static func load(_ url: URL) -> CloudKitSyncState {
        guard let data = try? Data(contentsOf: url) else { return CloudKitSyncState() }
        do {
            return try JSONDecoder().decode(CloudKitSyncState.self, from: data)
        } catch {
            try? FileManager.default.moveItem(at: url, to: url.appendingPathExtension("unreadable"))
            return CloudKitSyncState()
        }
    }

    /// Writes the state to `url` atomically.
    func save(_ url: URL) throws {
        try JSONEncoder().encode(self).write(to: url, options: .atomic)
    }
}
