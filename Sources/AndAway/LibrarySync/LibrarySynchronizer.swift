import LibraryKit
import LibraryStore
import LockedState

/// One replica's sync rounds: send what changed here since the last send, then apply what the
/// others sent.
///
/// The token of the last successful send is kept here (``sentToken``) and only moves after the
/// transport took the set, so changes made while offline go out on the first round back online.
/// Incoming sets are acknowledged only after all of them applied (each in one transaction), so a
/// refused set is fetched again. The caller persists ``sentToken`` with the library (the phone keeps
/// it with CKSyncEngine's state).
public final class LibrarySynchronizer: Sendable {
    /// The library synced.
    public let store: LibraryStore
    /// The transport used.
    public let transport: any LibrarySyncTransport
    private let token: Locked<ChangeToken>

    /// A synchronizer that has sent everything up to `sentToken` (``ChangeToken/start`` for a new replica).
    public init(store: LibraryStore, transport: any LibrarySyncTransport, sentToken: ChangeToken = .start) {
        self.store = store
        self.transport = transport
        self.token = Locked(sentToken)
    }

    /// Where the last successful send ended.
    public var sentToken: ChangeToken { token.withLock { $0 } }

    /// Sends local changes, then fetches, applies and acknowledges the others'.
    ///
    /// Rounds of one synchronizer must not overlap (the phone runs them one at a time).
    /// - Returns: what moved.
    /// - Throws: ``LibrarySyncError``; what was done before the failure stays done.
    @discardableResult
    public func sync() async throws(LibrarySyncError) -> SyncReport {
        var report = SyncReport()
        let outgoing: ChangeSet
        do { outgoing = try store.changes(since: sentToken) } catch { throw .library(error) }
        if !outgoing.isEmpty {
            try await transport.send(outgoing)
            report.sentRecords = outgoing.recordCount
        }
        token.withLock { $0 = outgoing.token }
        let incoming = try await transport.fetch()
        for set in incoming.changeSets {
            do { try store.apply(set) } catch { throw .library(error) }
            report.receivedRecords += set.recordCount
        }
        try await transport.acknowledge(incoming.position)
        return report
    }
}

/// What one sync round moved.
public struct SyncReport: Sendable, Hashable {
    /// Records and tombstones sent.
    public var sentRecords = 0
    /// Records and tombstones received and merged.
    public var receivedRecords = 0

    /// An empty report.
    public init() {}
}

extension ChangeSet {
    /// Records and tombstones in the set.
    var recordCount: Int {
        bookmarks.count + lists.count + history.count + (preferences == nil ? 0 : 1) + tombstones.count
    }
}
