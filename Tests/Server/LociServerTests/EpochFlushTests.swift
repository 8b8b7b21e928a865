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

/// A store whose first partial-count flush fails (a database that is briefly down).
final class FlakyCountStore: EpochStore, Sendable {
    let inner: SQLiteServerStore
    private let failuresLeft = Mutex(1)

    init(_ inner: SQLiteServerStore) { self.inner = inner }

    func addPartialCounts(
        epoch: Int64, node: String, counts: [UInt64: Int], facets: [UInt64: [Int: Int]]
    ) async throws(ServerStoreError) {
        let fail = failuresLeft.withLock { failuresLeft in
            defer { failuresLeft -= 1 }
            return failuresLeft > 0
        }
        if fail { throw ServerStoreError(.database("connection refused"), operation: "partialCounts.add") }
        try await inner.addPartialCounts(epoch: epoch, node: node, counts: counts, facets: facets)
    }
    func closeEpoch(
        epoch: Int64, node: String, at unixSeconds: Int64,
        makeRelease: @Sendable (PartialTotals) throws -> StoredRelease
    ) async throws(ServerStoreError) -> Bool {
        try await inner.closeEpoch(epoch: epoch, node: node, at: unixSeconds, makeRelease: makeRelease)
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
    @Test("a flush that fails keeps the counts in memory and the next tick writes them all")
    func failedFlushIsRetried() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "loci-flush-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let sqlite = try SQLiteServerStore(path: folder.appendingPathComponent("server.sqlite").path)
        let store = FlakyCountStore(sqlite)
        let clock = ManualClock(TestServer.startEpoch * TestServer.epochSeconds + 10)
        var configuration = ServerConfiguration(dataDirectory: folder)
        configuration.epochSeconds = TestServer.epochSeconds
        let engine = try TidepoolEngine(
            configuration: configuration.heatConfiguration,
            suppression: try SuppressionList(areas: [], tiler: .standard), store: store, node: "n",
            noise: SystemSecureRandom(), keyAheadEpochs: 2, clock: { clock.now })
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
        clock.now = (epoch + 1) * TestServer.epochSeconds  // the boundary, before the close delay
        await #expect(throws: ServerStoreError.self) { try await engine.tick() }
        #expect(try await sqlite.partialCounts(epoch: epoch).isEmpty)
        try await engine.tick()
        #expect(try await sqlite.partialCounts(epoch: epoch) == [TidepoolAPITests.cafeTile.rawValue: 4])
    }
}
