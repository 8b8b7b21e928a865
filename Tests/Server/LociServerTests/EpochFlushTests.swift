import Foundation
import HeatAggregation
import LociServer
import LociServerStore
import LociTestSupport
import ServerRepositories
import Synchronization
import Testing
import TidepoolEpochs
import TidepoolStorage
import TidepoolTokens

/// A store whose first partial-count flush fails: refused (a database that is briefly down,
/// nothing written) or with its reply lost (the write commits, the caller sees an error).
final class FlakyCountStore: EpochStore, Sendable {
    /// How the first flush fails.
    enum Failure: Sendable { case refused, replyLost }

    let inner: any EpochStore
    let failure: Failure
    private let failuresLeft = Mutex(1)
    /// The totals every successful close summed (what the releases were drawn from).
    let closedTotals = Mutex<[PartialTotals]>([])

    init(_ inner: any EpochStore, failure: Failure = .refused) {
        self.inner = inner
        self.failure = failure
    }

    func storePartialCounts(
        epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]
    ) async throws(ServerStoreError) {
        let fail = failuresLeft.withLock { failuresLeft in
            defer { failuresLeft -= 1 }
            return failuresLeft > 0
        }
        if fail && failure == .refused {
            throw ServerStoreError(.database("connection refused"), operation: "partialCounts.store")
        }
        try await inner.storePartialCounts(epoch: epoch, node: node, counts: counts, facets: facets)
        if fail { throw ServerStoreError(.database("connection reset by peer"), operation: "partialCounts.store") }
    }
    func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool {
        try await inner.closeEpoch(epoch: epoch, node: node, at: unixSeconds) { totals in
            let release = try makeRelease(totals)
            self.closedTotals.withLock { $0.append(totals) }
            return release
        }
    }
    func partialCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: Int] {
        try await inner.partialCounts(epoch: epoch)
    }
    func partialFacetCounts(epoch: Int64) async throws(ServerStoreError) -> [UInt64: [Int: Int]] {
        try await inner.partialFacetCounts(epoch: epoch)
    }
    func discardPartialCounts(epoch: Int64) async throws(ServerStoreError) {
        try await inner.discardPartialCounts(epoch: epoch)
    }
    func publishRelease(_ release: StoredRelease) async throws(ServerStoreError) {
        try await inner.publishRelease(release)
    }
    func releases(notExpiredAt unixSeconds: Int64) async throws(ServerStoreError) -> [StoredRelease] {
        try await inner.releases(notExpiredAt: unixSeconds)
    }
    func discardExpiredReleases(at unixSeconds: Int64) async throws(ServerStoreError) {
        try await inner.discardExpiredReleases(at: unixSeconds)
    }
    func issueBatch<Failure: Error>(
        device: String, epochs: [Int64], window: IssuanceWindow?, sign: @Sendable (Int64) -> Result<Data, Failure>
    ) async throws(ServerStoreError) -> BatchIssuanceOutcome<Failure> {
        try await inner.issueBatch(device: device, epochs: epochs, window: window, sign: sign)
    }
    func discardIssuances(before epoch: Int64) async throws(ServerStoreError) {
        try await inner.discardIssuances(before: epoch)
    }
    func spendNonce(_ nonce: Data, epoch: Int64) async throws(ServerStoreError) -> Bool {
        try await inner.spendNonce(nonce, epoch: epoch)
    }
    func discardSpentNonces(before epoch: Int64) async throws(ServerStoreError) {
        try await inner.discardSpentNonces(before: epoch)
    }
    func storeEpochKeys(_ offered: [Int64: Data]) async throws(ServerStoreError) -> [Int64: Data] {
        try await inner.storeEpochKeys(offered)
    }
    func epochKeys(in range: ClosedRange<Int64>) async throws(ServerStoreError) -> [Int64: Data] {
        try await inner.epochKeys(in: range)
    }
    func discardEpochKeys(before epoch: Int64) async throws(ServerStoreError) {
        try await inner.discardEpochKeys(before: epoch)
    }
}

@Suite("Epoch boundary flush")
struct EpochFlushTests {
    /// The stores the flush tests run against: SQLite always, PostgreSQL when `DATABASE_URL` is set.
    static let implementations = ["sqlite"] + (PostgresTestDatabase.shouldRun ? ["postgres"] : [])

    /// Runs `body` on a fresh server store of the named implementation.
    static func withStore(_ name: String, _ body: (any EpochStore) async throws -> Void) async throws {
        if name == "postgres" {
            let url = try #require(PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
            let store = try await PostgresServerStore(
                url: url, schema: PostgresTestDatabase.freshSchema(),
                connectTimeout: PostgresTestDatabase.connectTimeout)
            do { try await body(store) } catch {
                try? await store.dropSchema()
                store.shutdown()
                throw error
            }
            try await store.dropSchema()
            store.shutdown()
        } else {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "loci-flush-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await body(try SQLiteServerStore(path: folder.appendingPathComponent("server.sqlite").path))
        }
    }

    /// An engine on `store` at the test clock, with four reports in the café's tile.
    static func engineWithFourReports(store: FlakyCountStore, clock: ManualClock) async throws -> TidepoolEngine {
        var configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        configuration.epochSeconds = TestServer.epochSeconds
        let engine = try TidepoolEngine(
            configuration: configuration.heatConfiguration,
            suppression: try SuppressionList(areas: [], tiler: .standard), store: store, node: "n",
            noise: SystemSecureRandom(), closeDelaySeconds: 2, keyAheadEpochs: 2, clock: { clock.now })
        let epoch = engine.currentEpoch
        for device in ["d1", "d2", "d3", "d4"] {
            let client = TokenClient()
            let pending = try client.request(epoch: epoch, publicKeyDER: try await engine.publicKeyDER())
            let signature = try engine.issue(
                device: device, epoch: epoch, blindedMessage: pending.blindedMessage)
            try engine.ingest(
                try client.finish(pending, blindSignature: signature).redemption(
                    for: TidepoolAPITests.cafeTile))
        }
        return engine
    }

    @Test("a flush that fails keeps the counts in memory and the next tick writes them all", arguments: implementations)
    func failedFlushIsRetried(_ name: String) async throws {
        try await Self.withStore(name) { inner in
            let store = FlakyCountStore(inner)
            let clock = ManualClock(TestServer.startEpoch * TestServer.epochSeconds + 10)
            let engine = try await Self.engineWithFourReports(store: store, clock: clock)
            let epoch = engine.currentEpoch
            clock.now = (epoch + 1) * TestServer.epochSeconds  // the boundary, before the close delay
            await #expect(throws: ServerStoreError.self) { try await engine.tick() }
            #expect(try await inner.partialCounts(epoch: epoch).isEmpty)
            try await engine.tick()
            #expect(try await inner.partialCounts(epoch: epoch) == [TidepoolAPITests.cafeTile.rawValue: 4])
        }
    }

    @Test(
        "a flush whose write commits but whose reply is lost is retried and the release counts it once",
        arguments: implementations)
    func lostReplyCountsOnce(_ name: String) async throws {
        try await Self.withStore(name) { inner in
            let store = FlakyCountStore(inner, failure: .replyLost)
            let clock = ManualClock(TestServer.startEpoch * TestServer.epochSeconds + 10)
            let engine = try await Self.engineWithFourReports(store: store, clock: clock)
            let epoch = engine.currentEpoch
            let tile = TidepoolAPITests.cafeTile.rawValue
            clock.now = (epoch + 1) * TestServer.epochSeconds
            await #expect(throws: ServerStoreError.self) { try await engine.tick() }
            #expect(try await inner.partialCounts(epoch: epoch) == [tile: 4])  // it did commit
            try await engine.tick()  // the retry
            #expect(try await inner.partialCounts(epoch: epoch) == [tile: 4])
            clock.now += 5  // past the close delay
            let published = try await engine.tick()
            #expect(published.map(\.epoch).contains(epoch))
            let closed = store.closedTotals.withLock { $0 }
            #expect(closed.map(\.counts).contains([tile: 4]))
            #expect(!closed.contains { $0.counts[tile, default: 0] > 4 })
        }
    }

    @Test("each engine stores its counts under its own instance name, so two nodes named alike both count")
    func instancesAreUnique() async throws {
        try await Self.withStore("sqlite") { inner in
            let clock = ManualClock(TestServer.startEpoch * TestServer.epochSeconds + 10)
            let first = try await Self.engineWithFourReports(store: FlakyCountStore(inner, failure: .refused), clock: clock)
            let second = try await Self.engineWithFourReports(store: FlakyCountStore(inner, failure: .refused), clock: clock)
            #expect(first.node == second.node)
            #expect(first.instance != second.instance)
            #expect(first.instance.hasPrefix("n/"))
            let epoch = first.currentEpoch
            clock.now = (epoch + 1) * TestServer.epochSeconds
            for engine in [first, second] {
                await #expect(throws: ServerStoreError.self) { try await engine.tick() }
                try await engine.tick()
            }
            #expect(try await inner.partialCounts(epoch: epoch) == [TidepoolAPITests.cafeTile.rawValue: 8])
        }
    }
}
