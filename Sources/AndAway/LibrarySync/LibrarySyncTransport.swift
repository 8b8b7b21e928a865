import LibraryKit

/// Carries a library's change sets between replicas: CloudKit's `CKSyncEngine` on the phone
/// (`AndAwayLive`), ``InMemorySyncHub`` in tests.
///
/// The contract a ``LibrarySynchronizer`` relies on:
/// * ``send(_:)`` either delivers the whole set to every other replica or throws, and then nothing
///   was sent (the synchronizer sends the same changes again next time);
/// * ``fetch()`` returns what other replicas sent that this one has not acknowledged, oldest first,
///   and the same again until ``acknowledge(_:)`` is called with its position, so a set that failed
///   to apply is not lost;
/// * sets may arrive more than once and in any order between replicas: ``LibraryStore/apply(_:)``
///   is idempotent and the merge commutative.
public protocol LibrarySyncTransport: Sendable {
    /// Sends this replica's changes to the others.
    /// - Throws: ``LibrarySyncError`` when the transport cannot send now (offline, account missing).
    func send(_ changes: ChangeSet) async throws(LibrarySyncError)
    /// What the other replicas sent that this replica has not acknowledged, oldest first.
    /// - Throws: ``LibrarySyncError`` when the transport cannot receive now.
    func fetch() async throws(LibrarySyncError) -> IncomingChanges
    /// Marks everything up to `position` as applied; a later ``fetch()`` starts after it.
    func acknowledge(_ position: SyncPosition) async throws(LibrarySyncError)
}

/// A transport's position in what it has received (opaque to the synchronizer).
public struct SyncPosition: Sendable, Hashable, Codable {
    /// The transport's counter (the in-memory hub's log length; a CloudKit adapter's own number).
    public var value: Int64

    /// A position.
    public init(_ value: Int64) { self.value = value }
}

/// Change sets fetched from other replicas and the position to acknowledge once they are applied.
public struct IncomingChanges: Sendable, Hashable {
    /// The sets, oldest first.
    public var changeSets: [ChangeSet]
    /// Acknowledge this after applying every set.
    public var position: SyncPosition

    /// Creates a delivery.
    public init(changeSets: [ChangeSet], position: SyncPosition) {
        self.changeSets = changeSets
        self.position = position
    }
}
