import Foundation
import Testing
import TidepoolEpochs
import TidepoolStorage
import TidepoolTokens

/// Two engines (two nodes, each with its own key and ledger) over one store: a device gets one
/// token per epoch from the cluster, not one per node.
@Suite("Issuance once per device per epoch across nodes")
struct ClusterIssuanceTests {
    static func blinded(_ engine: TidepoolEngine) async throws -> Data {
        try TokenClient().request(epoch: engine.currentEpoch, publicKeyDER: try await engine.publicKeyDER()).blindedMessage
    }

    @Test("the second node refuses a device the first node issued to; other devices and later epochs go through")
    func secondNodeRefuses() async throws {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let store = InMemoryEpochStore()
        let a = try TidepoolEngineTests.engine(store: store, clock: clock)
        let b = try TidepoolEngineTests.engine(store: store, clock: clock)
        let epoch = a.currentEpoch
        _ = try await a.issueOnce(device: "d", epoch: epoch, blindedMessage: try await Self.blinded(a))
        await #expect(throws: IssuanceError.token(.alreadyIssued(epoch: epoch))) {
            _ = try await b.issueOnce(device: "d", epoch: epoch, blindedMessage: try await Self.blinded(b))
        }
        _ = try await b.issueOnce(device: "e", epoch: epoch, blindedMessage: try await Self.blinded(b))
        clock.now += 900
        try await a.tick()
        try await b.tick()
        _ = try await b.issueOnce(device: "d", epoch: epoch + 1, blindedMessage: try await Self.blinded(b))
    }

    @Test("a refused signature records nothing: the device may ask again")
    func refusedSignatureRecordsNothing() async throws {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let engine = try TidepoolEngineTests.engine(clock: clock)
        let epoch = engine.currentEpoch
        await #expect(throws: IssuanceError.self) {
            _ = try await engine.issueOnce(device: "d", epoch: epoch, blindedMessage: Data([1, 2, 3]))
        }
        _ = try await engine.issueOnce(device: "d", epoch: epoch, blindedMessage: try await Self.blinded(engine))
    }

    @Test("a unit gets at most the cap of tokens over any day's worth of epochs from the cluster, across midnight too")
    func windowCapAcrossNodes() async throws {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let store = InMemoryEpochStore()
        let a = try TidepoolEngineTests.engine(store: store, clock: clock)
        let b = try TidepoolEngineTests.engine(store: store, clock: clock)
        let cap = a.configuration.dailyEpochCap
        #expect(cap == 8)
        #expect(a.issuanceWindow == IssuanceWindow(epochs: 96, cap: 8))
        let first = a.currentEpoch
        let day = a.configuration.day(ofEpoch: first)
        for step in 0..<cap {
            let node = step.isMultiple(of: 2) ? a : b
            _ = try await node.issueOnce(device: "d", epoch: node.currentEpoch, blindedMessage: try await Self.blinded(node))
            clock.now += 900
            try await a.tick()
            try await b.tick()
        }
        for node in [a, b] {
            await #expect(throws: IssuanceError.daySpent(epoch: node.currentEpoch, cap: cap, windowEpochs: 96)) {
                _ = try await node.issueOnce(device: "d", epoch: node.currentEpoch, blindedMessage: try await Self.blinded(node))
            }
        }
        // Another unit is not affected.
        _ = try await a.issueOnce(device: "e", epoch: a.currentEpoch, blindedMessage: try await Self.blinded(a))
        // A new UTC day is no fresh budget: 24 hours have not passed since the first token (a
        // per-UTC-day count allowed 2K tokens across midnight).
        clock.now = (day + 1) * 86_400 + 5
        try await a.tick()
        try await b.tick()
        #expect(a.configuration.day(ofEpoch: a.currentEpoch) == day + 1)
        await #expect(throws: IssuanceError.self) {
            _ = try await b.issueOnce(device: "d", epoch: b.currentEpoch, blindedMessage: try await Self.blinded(b))
        }
        // A day's worth of epochs after the first token, the window holds 7: one more fits.
        clock.now = (first + 96) * 900 + 5
        try await a.tick()
        try await b.tick()
        _ = try await b.issueOnce(device: "d", epoch: b.currentEpoch, blindedMessage: try await Self.blinded(b))
    }

    @Test("a batch for coming epochs is signed under their published keys, all or none, within the cap")
    func batch() async throws {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let engine = try TidepoolEngineTests.engine(clock: clock)
        let epoch = engine.currentEpoch
        try await engine.prepareKeys(through: epoch + 1)  // as the ticker does
        let published = try await engine.publishedKeys()
        #expect(published.keys.keys.sorted() == [epoch, epoch + 1])
        let client = TokenClient()
        let pendings = try [epoch, epoch + 1].map { e throws in
            try client.request(epoch: e, publicKeyDER: published.keys[e] ?? Data(), published: published)
        }
        let signatures = try await engine.issueBatch(
            unit: "u", requests: pendings.map { BlindTokenRequest(epoch: $0.epoch, blindedMessage: $0.blindedMessage) })
        let tokens = try zip(pendings, signatures).map { try client.finish($0, blindSignature: $1) }
        #expect(tokens.map(\.epoch) == [epoch, epoch + 1])
        // An epoch without a published key, and a batch repeating a taken epoch, record nothing.
        let other = try client.request(epoch: epoch, publicKeyDER: published.keys[epoch] ?? Data())
        await #expect(throws: IssuanceError.token(.wrongEpoch(epoch: epoch + 2, current: epoch))) {
            _ = try await engine.issueBatch(
                unit: "v",
                requests: [
                    BlindTokenRequest(epoch: epoch, blindedMessage: other.blindedMessage),
                    BlindTokenRequest(epoch: epoch + 2, blindedMessage: other.blindedMessage),
                ])
        }
        await #expect(throws: IssuanceError.token(.alreadyIssued(epoch: epoch + 1))) {
            _ = try await engine.issueBatch(
                unit: "u", requests: [BlindTokenRequest(epoch: epoch + 1, blindedMessage: other.blindedMessage)])
        }
        _ = try await engine.issueBatch(unit: "v", requests: [BlindTokenRequest(epoch: epoch, blindedMessage: other.blindedMessage)])
        // The token taken ahead redeems in its epoch.
        clock.now += 900
        try await engine.tick()
        try engine.ingest(tokens[1].redemption(for: TidepoolEngineTests.tiles[0]))
    }
}
