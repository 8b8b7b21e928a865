import Foundation
import HeatAggregation
import Testing
import TidepoolStorage
import TidepoolTokens

@testable import TidepoolEpochs

/// The coming day's epoch keys are made once per node, in one run at a time, and a read of the
/// published keys waits only for the current epoch's key (issue 33: no RSA key generation in an
/// unauthenticated request's task).
@Suite("Epoch keys are made once, in the background")
struct EpochKeyMakingTests {
    static func engine(ahead: Int64, store: any EpochStore = InMemoryEpochStore()) throws -> (TidepoolEngine, TestClock) {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let engine = try TidepoolEngine(
            configuration: TidepoolEngineTests.configuration(facets: 4), suppression: SuppressionList(), store: store,
            node: "n1", noise: SeededSecureRandom(seed: 3), closeDelaySeconds: 0, keyAheadEpochs: ahead,
            clock: { clock.now })
        return (engine, clock)
    }

    @Test("many readers at once at a fresh start make each epoch's key exactly once")
    func singleFlight() async throws {
        let (engine, _) = try Self.engine(ahead: 6)
        let current = engine.currentEpoch
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask {
                    if index.isMultiple(of: 2) {
                        let published = try await engine.publishedKeys()
                        // Every read has the current epoch's key, whatever else is made yet.
                        #expect(published.keys[current] != nil)
                    } else {
                        try await engine.prepareKeys(through: current + 5)
                    }
                }
            }
            try await group.waitForAll()
        }
        let published = try await engine.publishedKeys()
        #expect(published.keys.keys.sorted() == Array(current...(current + 5)))
        // Eight callers, six epochs: six keys, not 6 × 8 (or 6 × 4 for the full reads).
        #expect(engine.keyMaker.made == 6)
    }

    @Test("a read of the published keys does not wait for the coming epochs' keys; they follow")
    func readWaitsForCurrentOnly() async throws {
        let store = InMemoryEpochStore()
        let (engine, _) = try Self.engine(ahead: 4, store: store)
        let current = engine.currentEpoch
        let first = try await engine.publishedKeys()
        #expect(first.keys[current] != nil)
        // The rest are made in the background: waiting for the same run shows the whole list,
        // with the current key unchanged and every key in the shared store.
        try await engine.prepareKeys(through: current + 3)
        let later = try await engine.publishedKeys()
        #expect(later.keys.count == 4)
        #expect(later.keys[current] == first.keys[current])
        #expect(await store.epochKeys(in: current...(current + 3)).count == 4)
        #expect(engine.keyMaker.made == 4)
    }

    @Test("a second node on the same store makes no key the first has stored")
    func secondNodeReadsTheStore() async throws {
        let store = InMemoryEpochStore()
        let (a, _) = try Self.engine(ahead: 3, store: store)
        let (b, _) = try Self.engine(ahead: 3, store: store)
        try await a.prepareKeys(through: a.currentEpoch + 2)
        try await b.prepareKeys(through: b.currentEpoch + 2)
        #expect(b.keyMaker.made == 0)
        #expect(try await a.publishedKeys() == b.publishedKeys())
    }
}
