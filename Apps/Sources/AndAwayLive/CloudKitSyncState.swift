import CloudKit
import Foundation
import LibraryKit
import LibrarySync

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

    /// The state in `url`, or a new one when there is none (the first launch); an undecodable
    /// file is moved aside (`.unreadable`, replacing an older one) and sync starts over, which is
    /// safe: the merge is idempotent. A file that exists but cannot be read, or cannot be moved
    /// aside, is the `problem` the transport reports after its next round.
    static func load(_ url: URL) -> (state: CloudKitSyncState, problem: LibrarySyncError?) {
        let files = FileManager.default
        guard files.fileExists(atPath: url.path) else { return (CloudKitSyncState(), nil) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return (CloudKitSyncState(), problem("\(url.lastPathComponent) cannot be read: \(error.localizedDescription)"))
        }
        do {
            return (try JSONDecoder().decode(CloudKitSyncState.self, from: data), nil)
        } catch {
            let aside = url.appendingPathExtension("unreadable")
            do {
                if files.fileExists(atPath: aside.path) { try files.removeItem(at: aside) }
                try files.moveItem(at: url, to: aside)
            } catch {
                return (
                    CloudKitSyncState(),
                    problem("\(url.lastPathComponent) is damaged and could not be moved aside: \(error.localizedDescription)")
                )
            }
            return (CloudKitSyncState(), nil)
        }
    }

    private static func problem(_ message: String) -> LibrarySyncError {
        .transport(operation: "load state", message: message)
    }

    /// Writes the state to `url` atomically.
    func save(_ url: URL) throws {
        try JSONEncoder().encode(self).write(to: url, options: .atomic)
    }
}
