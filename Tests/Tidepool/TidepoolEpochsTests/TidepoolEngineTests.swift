import Foundation
import GeoKit
import HeatAggregation
import Synchronization
import Testing
import TidepoolEpochs
import TidepoolStorage
import TidepoolTokens

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let seconds: Mutex<Int64>
    init(_ seconds: Int64) { self.seconds = Mutex(seconds) }
    var now: Int64 {
        get { seconds.withLock { $0 } }
        set { seconds.withLock { $0 = newValue } }
    }
}

@Suite("The Tidepool engine: tokens in, one release out per epoch")
struct TidepoolEngineTests {
    static let tiler = GridTiler.standard
    static let epoch: Int64 = 2_000_000
    static let tiles = [
        tiler.tile(for: Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)),
        tiler.tile(for: Coordinate(uncheckedLatitude: 60.1710, longitude: 24.9410)),
        tiler.tile(for: Coordinate(uncheckedLatitude: 60.1650, longitude: 24.9300)),
    ]

    /// Low noise (ρ = 8 per mechanism: σ = 0.25), k_min 2, 4 facets.
    static func configuration(facets: Int = 4) -> HeatConfiguration {
        HeatConfiguration(
            epochSeconds: 900, ttlSeconds: 1_800, kMin: 2,
            levels: Array(repeating: LevelBudget(countRho: 8, facetRho: 8, selectionDelta: 1e-6), count: tiler.levels),
            facetCount: facets, facetCodebookVersion: facets > 0 ? "test-1" : "", dailyEpochCap: 8,
            conversionDelta: 5e-6)
    }

    static func engine(
        store: any EpochStore = InMemoryEpochStore(), clock: TestClock, seed: UInt64 = 7, facets: Int = 4
    ) throws -> TidepoolEngine {
        try TidepoolEngine(
            configuration: configuration(facets: facets), suppression: SuppressionList(), store: store,
            node: "n1", noise: SeededSecureRandom(seed: seed), closeDelaySeconds: 0, keyAheadEpochs: 2,
            clock: { clock.now })
    }

    /// Device `index`'s interest facet.
    static func facet(_ index: Int) -> Int { index % 4 }

    /// One device through issuance and redemption.
    static func report(_ engine: TidepoolEngine, device: Int, tile: TileID, facet: Int?) async throws {
        let client = TokenClient()
        let pending = try client.request(epoch: engine.currentEpoch, publicKeyDER: try await engine.publicKeyDER())
        let signature = try engine.issue(
            device: "d\(device)", epoch: engine.currentEpoch, blindedMessage: pending.blindedMessage)
        try engine.ingest(
            try client.finish(pending, blindSignature: signature).redemption(for: tile, facet: facet))
    }

    @Test("the release is the one an aggregator fed the same reports in the same order makes with the same noise")
    func releaseMatchesDirectAggregation() async throws {
        let clock = TestClock(Self.epoch * 900 + 5)
        let engine = try Self.engine(clock: clock)
        var direct = try EpochAggregator(epoch: Self.epoch, configuration: Self.configuration())
        for device in 0..<24 {
            // Tiles in a non-sorted first-seen order: 2, 0, 1, 2, 0, 1, ...
            let tile = Self.tiles[(device + 2) % 3]
            try await Self.report(engine, device: device, tile: tile, facet: Self.facet(device))
            try direct.add(tile: tile, facet: Self.facet(device))
        }
        var noise = SeededSecureRandom(seed: 7)
        let expected = direct.close(using: &noise)
        // Inside the epoch only the (empty) epoch before the engine started is due.
        #expect(try await engine.tick().allSatisfy { $0.epoch == Self.epoch - 1 && $0.tiles.isEmpty })
        clock.now = (Self.epoch + 1) * 900
        let published = try await engine.tick()
        #expect(published == [expected])
        #expect(expected.tiles.contains { !$0.facets.isEmpty })  // the facets went through
        #expect(try await engine.liveReleases().first == expected)
        #expect(engine.currentEpoch == Self.epoch + 1)
    }

    @Test("the closing node adds the counts other nodes flushed, in tile order after its own")
    func otherNodesCounts() async throws {
        let clock = TestClock(Self.epoch * 900 + 5)
        let store = InMemoryEpochStore()
        let engine = try Self.engine(store: store, clock: clock)
        for device in 0..<6 { try await Self.report(engine, device: device, tile: Self.tiles[1], facet: 1) }
        await store.storePartialCounts(
            epoch: Self.epoch, node: "n2", counts: [Self.tiles[2].rawValue: 40, Self.tiles[1].rawValue: 3],
            facets: [Self.tiles[2].rawValue: [3: 30], Self.tiles[1].rawValue: [0: 2]])
        var direct = try EpochAggregator(epoch: Self.epoch, configuration: Self.configuration())
        for _ in 0..<6 { try direct.add(tile: Self.tiles[1], facet: 1) }
        try direct.include(
            totals: [Self.tiles[2]: 40, Self.tiles[1]: 9], facets: [Self.tiles[2]: [0, 0, 0, 30], Self.tiles[1]: [2, 6, 0, 0]])
        var noise = SeededSecureRandom(seed: 7)
        let expected = direct.close(using: &noise)
        clock.now = (Self.epoch + 1) * 900
        #expect(try await engine.tick() == [expected])
        let base = Dictionary(uniqueKeysWithValues: expected.tiles.filter { $0.tile.level == 0 }.map { ($0.tile, $0) })
        // 40 and 9 people against noise of σ = ¼: both are shown, near their true counts, with
        // the other node's facets and this node's.
        #expect(abs((base[Self.tiles[2]]?.noisyCount ?? 0) - 40) < 5)
        #expect(abs((base[Self.tiles[1]]?.noisyCount ?? 0) - 9) < 5)
        #expect(base[Self.tiles[2]]?.facets.last.map { abs($0 - 30) < 3 } == true)
        #expect(base[Self.tiles[1]]?.facets.first.map { abs($0 - 2) < 3 } == true)
        #expect(await store.partialCounts(epoch: Self.epoch).isEmpty)
    }

    @Test("a node that did not win the close publishes nothing and forgets its aggregation")
    func anotherNodeClosed() async throws {
        let clock = TestClock(Self.epoch * 900 + 5)
        let store = InMemoryEpochStore()
        let engine = try Self.engine(store: store, clock: clock)
        try await Self.report(engine, device: 1, tile: Self.tiles[0], facet: Self.facet(1))
        #expect(
            try await store.closeEpoch(epoch: Self.epoch, node: "n2", at: 1) { _ in
                StoredRelease(epoch: Self.epoch, expiresAt: (Self.epoch + 3) * 900, body: Data("{}".utf8))
            })
        clock.now = (Self.epoch + 1) * 900
        #expect(try await engine.tick().isEmpty)
        // The flushed count stays with the epoch the other node closed (it is never released twice).
        #expect(await store.partialCounts(epoch: Self.epoch) == [Self.tiles[0].rawValue: 1])
    }

    @Test("a facet outside the codebook is refused before the nonce is spent")
    func badFacetSpendsNothing() async throws {
        let clock = TestClock(Self.epoch * 900 + 5)
        let engine = try Self.engine(clock: clock)
        let client = TokenClient()
        let pending = try client.request(epoch: engine.currentEpoch, publicKeyDER: try await engine.publicKeyDER())
        let signature = try engine.issue(device: "d", epoch: engine.currentEpoch, blindedMessage: pending.blindedMessage)
        let token = try client.finish(pending, blindSignature: signature)
        #expect {
            try engine.ingest(token.redemption(for: Self.tiles[0], facet: 4))
        } throws: { error in
            guard case .malformed(let field, _) = error as? TokenError else { return false }
            return field == "facet"
        }
        try engine.ingest(token.redemption(for: Self.tiles[0], facet: 3))
        #expect(throws: TokenError.doubleSpend(epoch: Self.epoch)) {
            try engine.ingest(token.redemption(for: Self.tiles[0], facet: 3))
        }
    }

    @Test("the tokenless shortcut keeps one report per device per epoch and only in the current epoch")
    func shortcutLedger() async throws {
        let clock = TestClock(Self.epoch * 900 + 5)
        let engine = try Self.engine(clock: clock)
        #expect(try engine.countWithoutToken(device: "a", epoch: Self.epoch, tile: Self.tiles[0], facet: nil))
        #expect(!(try engine.countWithoutToken(device: "a", epoch: Self.epoch, tile: Self.tiles[1], facet: nil)))
        #expect(throws: TokenError.wrongEpoch(epoch: Self.epoch - 1, current: Self.epoch)) {
            try engine.countWithoutToken(device: "b", epoch: Self.epoch - 1, tile: Self.tiles[0], facet: nil)
        }
        // A device that used the shortcut cannot also get a token in the epoch.
        let client = TokenClient()
        let pending = try client.request(epoch: Self.epoch, publicKeyDER: try await engine.publicKeyDER())
        #expect(throws: TokenError.self) {
            try engine.issue(device: "a", epoch: Self.epoch, blindedMessage: pending.blindedMessage)
        }
    }
}
