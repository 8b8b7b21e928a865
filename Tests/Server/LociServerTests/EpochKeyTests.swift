import Foundation
import GeoKit
import HeatAggregation
import LociServer
import LociServerStore
import LociTestSupport
import ServerRepositories
import Testing
import TidepoolEpochs
import TidepoolStorage
import TidepoolTokens

/// One blind-signing key per epoch for the whole cluster: nodes sharing a store sign and publish
/// the same key, made ahead and deleted when its epoch ends.
@Suite("Epoch keys shared by the cluster")
struct EpochKeyTests {
    static let epochSeconds: Int64 = 900

    /// An engine node on `store` reading `clock`.
    static func node(_ name: String, store: any EpochStore, clock: ManualClock) throws -> TidepoolEngine {
        var configuration = ServerConfiguration(dataDirectory: FileManager.default.temporaryDirectory)
        configuration.epochSeconds = epochSeconds
        return try TidepoolEngine(
            configuration: configuration.heatConfiguration, suppression: try SuppressionList(areas: [], tiler: .standard),
            store: store, node: name, noise: SystemSecureRandom(), keyAheadEpochs: 3, clock: { clock.now })
    }

    /// Two nodes on `store` (asked at once) give one key per epoch; keys are made ahead, the
    /// published digests agree, a token issued by one node redeems on the other and only once
    /// across both, and an ended epoch's key leaves the store.
    static func checkSharedKeys(_ store: any EpochStore) async throws {
        let clock = ManualClock(2_000_000 * epochSeconds + 10)
        let a = try node("a", store: store, clock: clock)
        let b = try node("b", store: store, clock: clock)
        async let keyA = a.publicKeyDER()
        async let keyB = b.publicKeyDER()
        let (first, second) = try await (keyA, keyB)
        #expect(first == second)
        // The coming epochs' keys, as the ticker makes them (a read waits for the current one only).
        try await a.prepareKeys(through: a.currentEpoch + 2)
        try await b.prepareKeys(through: b.currentEpoch + 2)
        let publishedA = try await a.publishedKeys()
        let publishedB = try await b.publishedKeys()
        let epoch = a.currentEpoch
        #expect(publishedA.keys.keys.sorted() == [epoch, epoch + 1, epoch + 2])
        #expect(publishedA == publishedB)
        #expect(publishedA.digest == publishedB.digest)
        #expect(publishedA.keys[epoch] == first)

        // Issued on a, redeemed on b: the same key verifies.
        let client = TokenClient()
        let pending = try client.request(epoch: epoch, publicKeyDER: first, published: publishedB)
        let signature = try await a.issueOnce(device: "d1", epoch: epoch, blindedMessage: pending.blindedMessage)
        let token = try client.finish(pending, blindSignature: signature)
        let redemption = token.redemption(
            for: GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)))
        try await b.redeem(redemption)
        // The same token at the other node (or again at b) is spent: spent once across the cluster.
        await #expect(throws: IssuanceError.token(.doubleSpend(epoch: epoch))) { try await a.redeem(redemption) }
        await #expect(throws: IssuanceError.token(.doubleSpend(epoch: epoch))) { try await b.redeem(redemption) }

        // The next epoch's key was published ahead and is the one used then; the ended epoch's
        // key is gone from the store.
        clock.now += epochSeconds
        try await a.tick()
        try await b.tick()
        #expect(try await a.publicKeyDER() == publishedA.keys[epoch + 1])
        #expect(try await b.publicKeyDER() == publishedA.keys[epoch + 1])
        #expect(try await store.epochKeys(in: (epoch - 5)...epoch).isEmpty)
        #expect(try await store.epochKeys(in: (epoch + 1)...(epoch + 3)).count == 3)
    }

    @Test("two nodes on one SQLite store give the same key for an epoch")
    func sqlite() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try await Self.checkSharedKeys(try SQLiteServerStore(path: folder.appendingPathComponent("s.sqlite").path))
    }

    @Test(
        "two nodes on one PostgreSQL store give the same key for an epoch",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func postgres() async throws {
        let base = try #require(PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
        let url = base + (base.contains("?") ? "&" : "?") + "schema=\(PostgresTestDatabase.freshSchema())"
        let store = try await PostgresServerStore(url: url, connectTimeout: PostgresTestDatabase.connectTimeout)
        do { try await Self.checkSharedKeys(store) } catch {
            try? await store.dropSchema()
            store.shutdown()
            throw error
        }
        try await store.dropSchema()
        store.shutdown()
    }

    @Test("a store keeps the first key offered for an epoch; a later offer reads it back")
    func insertIfAbsent() async throws {
        let store = InMemoryEpochStore()
        let kept = await store.storeEpochKeys([7: Data([1]), 8: Data([2])])
        let second = await store.storeEpochKeys([7: Data([9])])
        #expect(kept == [7: Data([1]), 8: Data([2])])
        #expect(second == [7: Data([1])])
    }
}
