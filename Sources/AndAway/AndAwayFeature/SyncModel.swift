import Foundation
import LibrarySync
import Observation

/// What the sync row in settings shows.
public struct SyncState: Sendable, Equatable {
    /// Where sync stands.
    public enum Status: Sendable, Equatable {
        /// No transport configured (no iCloud account, or sync turned off).
        case unavailable
        /// Waiting for the next round.
        case idle
        /// A round is running.
        case syncing
        /// The last round could not reach the other devices; changes wait and go later.
        case offline
        /// The last round failed, in one line.
        case failed(String)
    }

    /// The status.
    public var status: Status = .unavailable
    /// When the last round finished.
    public var lastSynced: Date?
    /// Records sent and received by the last round.
    public var lastReport: SyncReport?
}

/// Runs library sync rounds (on launch, on a push notification, after an edit) and says how they went.
@MainActor @Observable
public final class SyncModel {
    /// What the settings row shows.
    public internal(set) var state = SyncState()
    @ObservationIgnored let environment: AndAwayEnvironment

    /// A model over `environment` (sync unavailable when it has no synchronizer).
    public init(environment: AndAwayEnvironment) {
        self.environment = environment
        if environment.sync != nil { state.status = .idle }
    }

    /// One round: send local changes, apply the others'. Returns whether it succeeded.
    @discardableResult
    public func syncNow() async -> Bool {
        guard let sync = environment.sync, state.status != .syncing else { return false }
        state.status = .syncing
        do {
            state.lastReport = try await sync.sync()
            state.lastSynced = environment.now()
            state.status = .idle
            return true
        } catch .offline {
            state.status = .offline
        } catch {
            state.status = .failed(error.description)
        }
        return false
    }
}
