import Foundation
import LociServerStore
import ServerRepositories
import Synchronization
import Testing
import TidepoolStorage

/// ``IssuanceRepository`` on every epoch store (SQLite, PostgreSQL with `DATABASE_URL`, memory).
@Suite("Issuance store conformance")
struct IssuanceConformanceTests {
    struct Refused: Error, Equatable {}

    /// How often a `sign` closure ran.
    final class Calls: Sendable {
        private let count = Mutex(0)
        func sign(_ bytes: [UInt8]) -> Result<Data, Refused> {
            count.withLock { $0 += 1 }
            return .success(Data(bytes))
        }
        var value: Int { count.withLock { $0 } }
    }

    @Test(
        "once per device per epoch: a repeat is nil without signing; a failed signature records nothing",
        arguments: ServerStoreConformanceTests.epochImplementations)
    func once(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            #expect(try await store.issueOnce(device: "d", epoch: 7) { calls.sign([1]) } == .success(Data([1])))
            #expect(try await store.issueOnce(device: "d", epoch: 7) { calls.sign([2]) } == nil)
            #expect(calls.value == 1)
            #expect(try await store.issueOnce(device: "e", epoch: 7) { calls.sign([3]) } == .success(Data([3])))
            #expect(try await store.issueOnce(device: "d", epoch: 8) { calls.sign([4]) } == .success(Data([4])))
            let refused: Result<Data, Refused>? = try await store.issueOnce(device: "f", epoch: 7) { .failure(Refused()) }
            #expect(refused == .failure(Refused()))
            #expect(try await store.issueOnce(device: "f", epoch: 7) { calls.sign([5]) } == .success(Data([5])))
            try await store.discardIssuances(before: 8)
            #expect(try await store.issueOnce(device: "d", epoch: 7) { calls.sign([6]) } == .success(Data([6])))
            #expect(try await store.issueOnce(device: "d", epoch: 8) { calls.sign([7]) } == nil)
        }
    }

    @Test("nodes asking at once for one device and epoch: exactly one signature", arguments: ServerStoreConformanceTests.epochImplementations)
    func concurrent(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            let issued = try await withThrowingTaskGroup(of: Bool.self) { group in
                for node in 0..<6 {
                    group.addTask {
                        try await store.issueOnce(device: "d", epoch: 3) { calls.sign([UInt8(node)]) } != nil
                    }
                }
                var issued = 0
                for try await won in group where won { issued += 1 }
                return issued
            }
            #expect(issued == 1)
            #expect(calls.value == 1)
        }
    }

    @Test(
        "at most the cap over any window of epochs: the ask that would pass it is daySpent without signing; windows slide; other units are apart",
        arguments: ServerStoreConformanceTests.epochImplementations)
    func windowCap(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            let window = IssuanceWindow(epochs: 10, cap: 2)
            #expect(try await store.issueOnce(device: "d", epoch: 1, window: window) { calls.sign([1]) } == .signed(.success(Data([1]))))
            #expect(try await store.issueOnce(device: "d", epoch: 1, window: window) { calls.sign([9]) } == .alreadyIssued)
            // A failed signature does not count.
            let failed: IssuanceOutcome<Refused> = try await store.issueOnce(device: "d", epoch: 5, window: window) {
                .failure(Refused())
            }
            #expect(failed == .signed(.failure(Refused())))
            #expect(try await store.issueOnce(device: "d", epoch: 5, window: window) { calls.sign([2]) } == .signed(.success(Data([2]))))
            // Epoch 10 shares the window [1, 10] with 1 and 5; epoch 0 (taken ahead or late) too.
            #expect(try await store.issueOnce(device: "d", epoch: 10, window: window) { calls.sign([3]) } == .daySpent(cap: 2))
            #expect(try await store.issueOnce(device: "d", epoch: 0, window: window) { calls.sign([3]) } == .daySpent(cap: 2))
            #expect(calls.value == 2)
            // Another unit is untouched; epoch 11's windows ([2, 11] …) hold only 5.
            #expect(try await store.issueOnce(device: "e", epoch: 10, window: window) { calls.sign([4]) } == .signed(.success(Data([4]))))
            #expect(try await store.issueOnce(device: "d", epoch: 11, window: window) { calls.sign([5]) } == .signed(.success(Data([5]))))
            // A batch that would pass the cap records none of it.
            let batch = try await store.issueBatch(device: "f", epochs: [20, 21, 22], window: window) { _ in calls.sign([6]) }
            #expect(batch == .capReached(epoch: 20, cap: 2))
            #expect(try await store.issueBatch(device: "f", epochs: [20, 21], window: window) { e in calls.sign([UInt8(e)]) }
                == .signed([Data([20]), Data([21])]))
            #expect(try await store.issueBatch(device: "f", epochs: [25, 21], window: window) { _ in calls.sign([7]) }
                == .alreadyIssued(epoch: 21))
            #expect(try await store.issueOnce(device: "f", epoch: 31, window: window) { calls.sign([8]) } == .signed(.success(Data([8]))))
        }
    }

    @Test(
        "nodes asking at once for one unit's last token of a window in different epochs: exactly one signature",
        arguments: ServerStoreConformanceTests.epochImplementations)
    func concurrentWindowCap(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            let window = IssuanceWindow(epochs: 96, cap: 1)
            let issued = try await withThrowingTaskGroup(of: Bool.self) { group in
                for node in 0..<6 {
                    group.addTask {
                        let outcome = try await store.issueOnce(device: "d", epoch: Int64(10 + node), window: window) {
                            calls.sign([UInt8(node)])
                        }
                        if case .signed(.success) = outcome { return true }
                        return false
                    }
                }
                var issued = 0
                for try await won in group where won { issued += 1 }
                return issued
            }
            #expect(issued == 1)
            #expect(calls.value == 1)
        }
    }
}
