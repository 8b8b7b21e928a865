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

    @Test("a device gets at most the daily cap of tokens a UTC day from the cluster, then 'day spent' until the next day")
    func dailyCapAcrossNodes() async throws {
        let clock = TestClock(TidepoolEngineTests.epoch * 900 + 5)
        let store = InMemoryEpochStore()
        let a = try TidepoolEngineTests.engine(store: store, clock: clock)
        let b = try TidepoolEngineTests.engine(store: store, clock: clock)
        let cap = a.configuration.dailyEpochCap
        #expect(cap == 8)
        let day = a.configuration.day(ofEpoch: a.currentEpoch)
        // Epoch 2 000 000 is the 33rd of its UTC day, so 9 more epochs stay in the day.
        #expect(a.configuration.day(ofEpoch: a.currentEpoch + 9) == day)
        for step in 0..<cap {
            let node = step.isMultiple(of: 2) ? a : b
            _ = try await node.issueOnce(device: "d", epoch: node.currentEpoch, blindedMessage: try await Self.blinded(node))
            clock.now += 900
            try await a.tick()
            try await b.tick()
        }
        for node in [a, b] {
            await #expect(throws: IssuanceError.daySpent(day: day, cap: cap)) {
                _ = try await node.issueOnce(device: "d", epoch: node.currentEpoch, blindedMessage: try await Self.blinded(node))
            }
        }
        // Another device is not affected; the same device is served again the next day.
        _ = try await a.issueOnce(device: "e", epoch: a.currentEpoch, blindedMessage: try await Self.blinded(a))
        let nextDay = (day + 1) * 86_400
        clock.now = nextDay + 5
        try await a.tick()
        try await b.tick()
        #expect(a.configuration.day(ofEpoch: a.currentEpoch) == day + 1)
        _ = try await b.issueOnce(device: "d", epoch: b.currentEpoch, blindedMessage: try await Self.blinded(b))
    }
}
