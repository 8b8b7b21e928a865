import LibraryKit
import LibrarySync
import LockedState

/// Who knows which operations: each replica's own operations and what reached it through the hub.
///
/// A set sent by a replica carries everything that replica knew when it sent it (earlier sets are
/// earlier in the hub's log, which every replica reads in order), so acknowledging a set adds its
/// sender's knowledge at send time.
final class Knowledge: Sendable {
    private struct State {
        var known: [String: Set<Int>] = [:]
        var snapshots: [Int: (sender: String, known: Set<Int>)] = [:]
        var acknowledged: [String: Int] = [:]
    }

    private let state = Locked(State())

    func known(by replica: String) -> Set<Int> { state.withLock { $0.known[replica] ?? [] } }

    func performed(_ operation: Int, on replica: String) {
        state.withLock { _ = $0.known[replica, default: []].insert(operation) }
    }

    func sent(by replica: String, logIndex: Int) {
        state.withLock { $0.snapshots[logIndex] = (replica, $0.known[replica] ?? []) }
    }

    func acknowledged(by replica: String, upTo position: Int) {
        state.withLock { state in
            let start = state.acknowledged[replica] ?? 0
            guard position > start else { return }
            for index in start..<position {
                guard let snapshot = state.snapshots[index], snapshot.sender != replica else { continue }
                state.known[replica, default: []].formUnion(snapshot.known)
            }
            state.acknowledged[replica] = position
        }
    }
}

/// A replica's end of the hub that records knowledge, and may change what arrives (`transform`):
/// the identity for the real test, a deliberately broken merge for the tests of the test.
struct ObservedTransport: LibrarySyncTransport {
    let inner: InMemorySyncTransport
    let knowledge: Knowledge
    let transform: @Sendable (ChangeSet) -> ChangeSet

    func send(_ changes: ChangeSet) async throws(LibrarySyncError) {
        try await inner.send(changes)
        knowledge.sent(by: inner.replica, logIndex: inner.hub.sentCount - 1)
    }

    func fetch() async throws(LibrarySyncError) -> IncomingChanges {
        var incoming = try await inner.fetch()
        incoming.changeSets = incoming.changeSets.map(transform)
        return incoming
    }

    func acknowledge(_ position: SyncPosition) async throws(LibrarySyncError) {
        try await inner.acknowledge(position)
        knowledge.acknowledged(by: inner.replica, upTo: Int(position.value))
    }
}
