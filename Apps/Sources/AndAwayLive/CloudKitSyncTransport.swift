import CloudKit
import Foundation
import LibraryKit
import LibrarySync
import LockedState

/// The library's sync over iCloud (`CKSyncEngine`, iOS 17): a `LibrarySyncTransport`.
///
/// Each change set is one `ChangeSet` record in the private database's `Library` zone, its
/// ``LibrarySync/SyncEnvelope`` JSON in a `payload` asset (assets have no 1 MB record limit), named
/// `<replica>-<token>` so a re-send overwrites. The engine schedules sends and fetches, retries
/// after network errors and rate limits, and a silent push (`remote-notification`) wakes the app
/// when another device sent something.
///
/// * ``send(_:)`` puts the set in the outbox (persisted) and asks the engine to send; the set
///   counts as sent once it is in the outbox, since the engine retries until the server has it.
/// * ``fetch()`` asks the engine to fetch; fetched sets from other replicas go to the inbox,
///   persisted with the engine's state in one write, and stay there until ``acknowledge(_:)``.
/// * Change-set records are never deleted yet (no compaction), so a new device reads every set.
/// * What fails outside a round (the engine's events: saving the state, a fetched set that cannot
///   be read, a send the engine will not retry by itself) is noted and thrown by the end of the next
///   round (``acknowledge(_:)``), so the library screen shows it with Retry instead of losing it.
///
/// Cannot be tested without an iCloud account: verified only on a device. Type-checked against the
/// iPhoneOS SDK on Linux; not yet run on a device.
public final class CloudKitSyncTransport: LibrarySyncTransport, CKSyncEngineDelegate {
    /// The record type of one change set.
    public static let recordType = "ChangeSet"
    /// The zone holding them.
    public static let zoneID = CKRecordZone.ID(zoneName: "Library", ownerName: CKCurrentUserDefaultName)

    private let replica: String
    private let stateURL: URL
    private let state: Locked<CloudKitSyncState>
    private let engine = Locked<CKSyncEngine?>(nil)
    /// Failures noted outside a round, thrown at the end of the next one.
    private let noted = Locked<[LibrarySyncError]>([])

    /// A transport for `replica` in `container`'s private database, keeping its state at `stateURL`
    /// (next to the library file).
    public init(container: CKContainer, replica: String, stateURL: URL) {
        self.replica = replica
        self.stateURL = stateURL
        let loaded = CloudKitSyncState.load(stateURL)
        self.state = Locked(loaded.state)
        if let problem = loaded.problem { noted.withLock { $0.append(problem) } }
        let configuration = CKSyncEngine.Configuration(
            database: container.privateCloudDatabase, stateSerialization: state.withLock { $0.engine },
            delegate: self)
        engine.withLock { $0 = CKSyncEngine(configuration) }
    }

    /// The token of the last set put in the outbox: where the synchronizer starts after a relaunch.
    public var sentToken: ChangeToken { state.withLock { $0.sentToken } }

    public func send(_ changes: ChangeSet) async throws(LibrarySyncError) {
        let envelope = SyncEnvelope(replica: replica, changes: changes)
        let data = try envelope.encoded()
        let needsZone = try update { state in
            state.outbox[envelope.recordName] = data
            state.sentToken = changes.token
            return !state.zoneSaved
        }
        guard let engine = engine.withLock({ $0 }) else { throw .offline(replica: replica) }
        if needsZone { engine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: Self.zoneID))]) }
        engine.state.add(
            pendingRecordZoneChanges: [.saveRecord(CKRecord.ID(recordName: envelope.recordName, zoneID: Self.zoneID))])
        do {
            try await engine.sendChanges()
        } catch {
            // The record stays pending in the engine, which retries network failures and rate
            // limits on its own; anything else (quota, account) is shown after this round.
            if !Self.passes(error) { note(.transport(operation: "send", message: error.localizedDescription)) }
        }
    }

    public func fetch() async throws(LibrarySyncError) -> IncomingChanges {
        guard let engine = engine.withLock({ $0 }) else { throw .offline(replica: replica) }
        do {
            try await engine.fetchChanges()
        } catch let error as CKError where [.networkUnavailable, .networkFailure, .notAuthenticated].contains(error.code) {
            throw .offline(replica: replica)
        } catch {
            throw .transport(operation: "fetch", message: error.localizedDescription)
        }
        let inbox = state.withLock { $0.inbox }
        var sets: [ChangeSet] = []
        for data in inbox { sets.append(try SyncEnvelope(data: data).changes) }
        return IncomingChanges(changeSets: sets, position: SyncPosition(Int64(inbox.count)))
    }

    /// Marks the inbox applied up to `position`; then throws the first failure noted since the
    /// last round (the round's own work is done by then), forgetting them.
    public func acknowledge(_ position: SyncPosition) async throws(LibrarySyncError) {
        try update { state in state.inbox.removeFirst(min(state.inbox.count, Int(max(0, position.value)))) }
        let failures = noted.withLock { noted in
            defer { noted = [] }
            return noted
        }
        if let first = failures.first { throw first }
    }

    // MARK: CKSyncEngineDelegate

    public func handleEvent(_ event: CKSyncEngine.Event, syncEngine: CKSyncEngine) async {
        switch event {
        case .stateUpdate(let update):
            persist { $0.engine = update.stateSerialization }
        case .fetchedRecordZoneChanges(let fetched):
            var incoming: [Data] = []
            for modification in fetched.modifications where modification.record.recordType == Self.recordType {
                let name = modification.record.recordID.recordName
                guard let asset = modification.record["payload"] as? CKAsset, let url = asset.fileURL else {
                    note(.transport(operation: "fetch", message: "change set \(name) has no payload"))
                    continue
                }
                do {
                    let data = try Data(contentsOf: url)
                    if try SyncEnvelope(data: data).replica != replica { incoming.append(data) }
                } catch {
                    note(.transport(operation: "fetch", message: "change set \(name): \(error)"))
                }
            }
            persist { $0.inbox += incoming }
        case .sentDatabaseChanges(let sent):
            if sent.savedZones.contains(where: { $0.zoneID == Self.zoneID }) { persist { $0.zoneSaved = true } }
        case .sentRecordZoneChanges(let sent):
            var retry: [CKSyncEngine.PendingRecordZoneChange] = []
            var refused: [String] = []
            persist { state in
                for record in sent.savedRecords { state.outbox.removeValue(forKey: record.recordID.recordName) }
                for failure in sent.failedRecordSaves {
                    switch failure.error.code {
                    case .serverRecordChanged:
                        // Same name, same content: the server already holds this set.
                        state.outbox.removeValue(forKey: failure.record.recordID.recordName)
                    case .zoneNotFound:
                        state.zoneSaved = false
                        retry.append(.saveRecord(failure.record.recordID))
                    default:
                        retry.append(.saveRecord(failure.record.recordID))
                        if !Self.passes(failure.error) {
                            refused.append("\(failure.record.recordID.recordName): \(failure.error.localizedDescription)")
                        }
                    }
                }
            }
            if let first = refused.first { note(.transport(operation: "send", message: first)) }
            if !retry.isEmpty {
                syncEngine.state.add(pendingDatabaseChanges: [.saveZone(CKRecordZone(zoneID: Self.zoneID))])
                syncEngine.state.add(pendingRecordZoneChanges: retry)
            }
        case .accountChange(let change):
            if case .signOut = change.changeType {
                // Another person may sign in: forget this account's engine state and inbox; the
                // outbox stays, and sending it to a new account only adds what this phone holds.
                persist { state in
                    state.engine = nil
                    state.inbox = []
                    state.zoneSaved = false
                }
            }
        default:
            break
        }
    }

    public func nextRecordZoneChangeBatch(_ context: CKSyncEngine.SendChangesContext, syncEngine: CKSyncEngine) async
        -> CKSyncEngine.RecordZoneChangeBatch?
    {
        let pending = syncEngine.state.pendingRecordZoneChanges.filter { context.options.scope.contains($0) }
        let outbox = state.withLock { $0.outbox }
        return await CKSyncEngine.RecordZoneChangeBatch(pendingChanges: pending) { recordID in
            guard let data = outbox[recordID.recordName] else {
                syncEngine.state.remove(pendingRecordZoneChanges: [.saveRecord(recordID)])
                return nil
            }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(recordID.recordName).json")
            do {
                try data.write(to: file, options: .atomic)
            } catch {
                self.note(
                    .transport(
                        operation: "send",
                        message: "change set \(recordID.recordName) could not be written for upload: \(error.localizedDescription)"))
                return nil
            }
            let record = CKRecord(recordType: Self.recordType, recordID: recordID)
            record["payload"] = CKAsset(fileURL: file)
            return record
        }
    }

    /// Whether a CloudKit failure passes by itself (the engine retries it): no network, a busy
    /// or unavailable service, a rate limit.
    private static func passes(_ error: any Error) -> Bool {
        guard let error = error as? CKError else { return false }
        return [.networkUnavailable, .networkFailure, .serviceUnavailable, .requestRateLimited, .zoneBusy]
            .contains(error.code)
    }

    /// Keeps a failure from outside a round for the end of the next one.
    private func note(_ error: LibrarySyncError) {
        noted.withLock { $0.append(error) }
    }

    /// ``update(_:)`` from an engine event, which cannot throw: a failure is noted instead.
    private func persist(_ change: (inout CloudKitSyncState) -> Void) {
        do throws(LibrarySyncError) {
            try update(change)
        } catch {
            note(error)
        }
    }

    /// Changes the state and writes it, in one step.
    @discardableResult
    private func update<T>(_ change: (inout CloudKitSyncState) -> T) throws(LibrarySyncError) -> T {
        try state.withLock { (state: inout CloudKitSyncState) throws(LibrarySyncError) -> T in
            let result = change(&state)
            do { try state.save(stateURL) } catch {
                throw .transport(operation: "save state", message: "\(stateURL.lastPathComponent): \(error)")
            }
            return result
        }
    }
}
