import AndAwayFeature
import Foundation
import GeoKit
import LibraryExchange
import LibraryKit
import LibraryStore
import LibrarySync
import LockedState
import Testing

/// A transport over the in-memory hub that fails the way the test says (a send refused with
/// CloudKit's words, a fetch that cannot be read), until told to work again.
final class FailingTransport: LibrarySyncTransport {
    let inner: InMemorySyncTransport
    private let failure = Locked<LibrarySyncError?>(nil)
    private let sends = Locked(0)

    init(_ inner: InMemorySyncTransport) { self.inner = inner }

    /// Fails every call with `error` (nil: works).
    func fail(with error: LibrarySyncError?) { failure.withLock { $0 = error } }
    /// Sends that reached the hub.
    var delivered: Int { sends.withLock { $0 } }

    func send(_ changes: ChangeSet) async throws(LibrarySyncError) {
        if let error = failure.withLock({ $0 }) { throw error }
        try await inner.send(changes)
        sends.withLock { $0 += 1 }
    }
    func fetch() async throws(LibrarySyncError) -> IncomingChanges {
        if let error = failure.withLock({ $0 }) { throw error }
        return try await inner.fetch()
    }
    func acknowledge(_ position: SyncPosition) async throws(LibrarySyncError) {
        if let error = failure.withLock({ $0 }) { throw error }
        try await inner.acknowledge(position)
    }
}

/// Failures a person would want to know about become model state a screen shows.
@MainActor
@Suite("And Away's failures are state a screen shows", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct FailureStateTests {
    @Test("a failed sync round keeps the last sync, says what failed, and Retry clears it once it works")
    func syncFailureAndRetry() async throws {
        let hub = InMemorySyncHub()
        let harness = try Harness(replica: "phone")
        let transport = FailingTransport(hub.transport(for: "phone"))
        var environment = harness.environment
        environment.sync = LibrarySynchronizer(store: harness.environment.store, transport: transport)
        let model = SyncModel(environment: environment)

        #expect(await model.syncNow())
        let firstSync = try #require(model.state.lastSynced)
        #expect(model.state.problem == nil)
        let sentBefore = transport.delivered

        _ = try await harness.library.bookmark(
            .pin(Helsinki.user), name: "Kiasma steps", coordinate: Helsinki.user, note: "", tags: [], lists: [])
        transport.fail(with: .transport(operation: "send", message: "CKError 25: quota exceeded"))
        #expect(await model.syncNow() == false)
        let problem = try #require(model.state.problem)
        #expect(problem.kind == .sending)
        #expect(problem.detail == "CKError 25: quota exceeded")
        #expect(problem.message == AndAwayCopy.syncProblem(problem))
        #expect(model.state.status == .failed(problem.message))
        #expect(model.state.lastSynced == firstSync, "the last good sync stays shown")
        #expect(transport.delivered == sentBefore)

        transport.fail(with: .offline(replica: "phone"))
        #expect(await model.syncNow() == false)
        #expect(model.state.status == .offline)
        #expect(model.state.problem?.kind == .offline)

        transport.fail(with: nil)
        #expect(await model.syncNow(), "Retry")
        #expect(model.state.problem == nil)
        #expect(model.state.status == .idle)
        #expect(transport.delivered == sentBefore + 1, "the change made while failing went out on the retry")
        #expect((model.state.lastReport?.sentRecords ?? 0) >= 1)
    }

    @Test("a library refusing a fetched change is reported as the library's problem, not the network's")
    func syncLibraryProblem() async throws {
        let harness = try Harness(replica: "phone")
        let transport = FailingTransport(InMemorySyncHub().transport(for: "phone"))
        var environment = harness.environment
        environment.sync = LibrarySynchronizer(store: harness.environment.store, transport: transport)
        let model = SyncModel(environment: environment)
        transport.fail(with: .library(LibraryError("bookmark b1 has no name", at: "change set phone-3")))
        #expect(await model.syncNow() == false)
        #expect(model.state.problem?.kind == .library)
        #expect(model.state.problem?.detail.contains("phone-3") == true)
        #expect(model.state.lastSynced == nil)
    }

    @Test("location refused: the search model says so and how to allow it; allowed says nothing")
    func locationDenied() async throws {
        let harness = try Harness()
        var environment = harness.environment
        environment.location = FixedLocationSource(nil)
        let model = SearchModel(environment: environment)
        #expect(model.state.locationAccess == nil)
        await model.load()
        #expect(model.state.locationAccess == .denied)
        #expect(model.state.locationProblem == AndAwayCopy.locationProblem(.denied))
        #expect(model.state.map.userLocation == nil)

        let allowed = SearchModel(environment: harness.environment)
        await allowed.load()
        #expect(allowed.state.locationAccess == .allowed)
        #expect(allowed.state.locationProblem == nil)
        #expect(allowed.state.map.userLocation == Helsinki.user)
    }

    @Test("an import whose file cannot be read, or that the picker could not open, is shown as the import's error")
    func importFailures() throws {
        let harness = try Harness()
        let model = LibraryModel(environment: harness.environment)
        let missing = harness.folder.appendingPathComponent("gone.kml")
        model.importFile(at: missing)
        let error = try #require(model.state.error)
        #expect(error.hasPrefix(AndAwayCopy.failed(.import, "")))
        #expect(error.contains("gone.kml"))

        model.importPickerFailed("The file is in iCloud and not downloaded.")
        #expect(model.state.error == AndAwayCopy.failed(.import, "The file is in iCloud and not downloaded."))

        let file = harness.folder.appendingPathComponent("places.json")
        let bytes = LibraryExchange.export(Library(), format: .json)
        try Data(bytes).write(to: file)
        model.importFile(at: file)
        #expect(model.state.error == nil, "\(model.state.error ?? "")")
        #expect(model.state.lastImport != nil)
    }
}
