import LibraryKit
import LockedState

/// A sync service in memory: one ordered log of every set sent, and per replica whether it is
/// online and how far it has acknowledged. The transport of tests and simulations.
///
/// A replica that is offline can neither send nor fetch (``LibrarySyncError/offline(replica:)``);
/// what others send meanwhile waits in the log. Sets are delivered to every replica but their sender.
public final class InMemorySyncHub: Sendable {
    private struct State {
        var log: [(sender: String, changes: ChangeSet)] = []
        var offline: Set<String> = []
        var acknowledged: [String: Int] = [:]
    }

    private let state = Locked(State())

    /// An empty hub.
    public init() {}

    /// The transport of replica `replica`.
    public func transport(for replica: String) -> InMemorySyncTransport {
        InMemorySyncTransport(hub: self, replica: replica)
    }

    /// Takes `replica` offline or brings it back.
    public func setOnline(_ online: Bool, replica: String) {
        state.withLock { state in
            if online { state.offline.remove(replica) } else { state.offline.insert(replica) }
        }
    }

    /// Whether `replica` is online.
    public func isOnline(_ replica: String) -> Bool { state.withLock { !$0.offline.contains(replica) } }

    /// How many sets were sent in all.
    public var sentCount: Int { state.withLock { $0.log.count } }

    func send(_ changes: ChangeSet, from replica: String) throws(LibrarySyncError) {
        try state.withLock { (state: inout State) throws(LibrarySyncError) in
            guard !state.offline.contains(replica) else { throw .offline(replica: replica) }
            state.log.append((replica, changes))
        }
    }

    func fetch(for replica: String) throws(LibrarySyncError) -> IncomingChanges {
        try state.withLock { (state: inout State) throws(LibrarySyncError) in
            guard !state.offline.contains(replica) else { throw .offline(replica: replica) }
            let start = state.acknowledged[replica] ?? 0
            let sets = state.log[start...].filter { $0.sender != replica }.map(\.changes)
            return IncomingChanges(changeSets: sets, position: SyncPosition(Int64(state.log.count)))
        }
    }

    func acknowledge(_ position: SyncPosition, for replica: String) throws(LibrarySyncError) {
        try state.withLock { (state: inout State) throws(LibrarySyncError) in
            guard !state.offline.contains(replica) else { throw .offline(replica: replica) }
            guard position.value >= 0, position.value <= Int64(state.log.count) else {
                throw .transport(operation: "acknowledge", message: "position \(position.value) is past the log")
            }
            state.acknowledged[replica] = max(state.acknowledged[replica] ?? 0, Int(position.value))
        }
    }
}

/// One replica's end of an ``InMemorySyncHub``.
public struct InMemorySyncTransport: LibrarySyncTransport {
    /// The hub.
    public let hub: InMemorySyncHub
    /// The replica this end belongs to.
    public let replica: String

    /// Sends to the hub's log.
    public func send(_ changes: ChangeSet) async throws(LibrarySyncError) { try hub.send(changes, from: replica) }

    /// The others' sets not yet acknowledged.
    public func fetch() async throws(LibrarySyncError) -> IncomingChanges { try hub.fetch(for: replica) }

    /// Moves this replica's acknowledged position.
    public func acknowledge(_ position: SyncPosition) async throws(LibrarySyncError) {
        try hub.acknowledge(position, for: replica)
    }
}
