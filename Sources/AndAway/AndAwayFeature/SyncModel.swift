import Foundation
import LibrarySync
import Observation

/// What the sync row in settings and the sync banner of the library screen show.
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
    /// What went wrong in the last round (nil after a round that worked): the library screen
    /// shows it with the last sync and Retry.
    public var problem: SyncProblem?
}

/// What failed in a sync round, in a form a screen can explain.
public struct SyncProblem: Sendable, Equatable {
    /// Which part failed.
    public enum Kind: Sendable, Equatable {
        /// iCloud could not be reached (no network, no account): changes wait.
        case offline
        /// This phone's changes could not be sent.
        case sending
        /// The other devices' changes could not be fetched or read.
        case receiving
        /// The transport could not read or save its progress on the phone (a full disk, most often).
        case savingState
        /// The library refused a change (a damaged record).
        case library
    }

    /// Which part failed.
    public var kind: Kind
    /// The error's own words (from CloudKit or the library), for the detail line.
    public var detail: String
    /// When it happened.
    public var at: Date

    /// A problem.
    public init(kind: Kind, detail: String, at: Date) {
        self.kind = kind
        self.detail = detail
        self.at = at
    }

    /// The problem a ``LibrarySync/LibrarySyncError`` describes.
    public init(_ error: LibrarySyncError, at: Date) {
        switch error {
        case .offline:
            self.init(kind: .offline, detail: error.description, at: at)
        case .transport(let operation, let message):
            let kind: Kind =
                switch operation {
                case "send", "encode": .sending
                case "save state", "load state": .savingState
                default: .receiving
                }
            self.init(kind: kind, detail: message, at: at)
        case .library(let failure):
            self.init(kind: .library, detail: "\(failure)", at: at)
        }
    }

    /// The sentence a screen shows, in the person's language.
    public var message: String { AndAwayCopy.syncProblem(self) }
}

/// Runs library sync rounds (on launch, on a push notification, after an edit) and says how they went.
@MainActor @Observable
public final class SyncModel {
    /// What the settings row and the library's banner show.
    public internal(set) var state = SyncState()
    @ObservationIgnored let environment: AndAwayEnvironment

    /// A model over `environment` (sync unavailable when it has no synchronizer).
    public init(environment: AndAwayEnvironment) {
        self.environment = environment
        if environment.sync != nil { state.status = .idle }
    }

    /// One round: send local changes, apply the others'. Returns whether it succeeded; a failure
    /// is kept in ``SyncState/problem`` (what failed, when) until a round works (the Retry button
    /// calls this again).
    @discardableResult
    public func syncNow() async -> Bool {
        guard let sync = environment.sync, state.status != .syncing else { return false }
        state.status = .syncing
        do {
            state.lastReport = try await sync.sync()
            state.lastSynced = environment.now()
            state.status = .idle
            state.problem = nil
            return true
        } catch {
            let problem = SyncProblem(error, at: environment.now())
            state.problem = problem
            state.status = problem.kind == .offline ? .offline : .failed(problem.message)
        }
        return false
    }
}
