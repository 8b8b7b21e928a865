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
        "at most the daily cap per device per day: the next epoch's ask is day_spent without signing; other days and devices are apart",
        arguments: ServerStoreConformanceTests.epochImplementations)
    func dailyCap(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            let day = DailyIssuanceLimit(day: 20_000, cap: 2)
            #expect(try await store.issueOnce(device: "d", epoch: 1, daily: day) { calls.sign([1]) } == .signed(.success(Data([1]))))
            #expect(try await store.issueOnce(device: "d", epoch: 1, daily: day) { calls.sign([9]) } == .alreadyIssued)
            // A failed signature does not count against the day.
            let failed: IssuanceOutcome<Refused> = try await store.issueOnce(device: "d", epoch: 2, daily: day) {
                .failure(Refused())
            }
            #expect(failed == .signed(.failure(Refused())))
            #expect(try await store.issueOnce(device: "d", epoch: 2, daily: day) { calls.sign([2]) } == .signed(.success(Data([2]))))
            #expect(try await store.issueOnce(device: "d", epoch: 3, daily: day) { calls.sign([3]) } == .daySpent(cap: 2))
            #expect(calls.value == 2)
            // The refused epoch was not recorded: the device may not have it later that day either,
            // but another device and the next day are untouched.
            #expect(try await store.issueOnce(device: "e", epoch: 3, daily: day) { calls.sign([4]) } == .signed(.success(Data([4]))))
            let tomorrow = DailyIssuanceLimit(day: 20_001, cap: 2)
            #expect(try await store.issueOnce(device: "d", epoch: 97, daily: tomorrow) { calls.sign([5]) } == .signed(.success(Data([5]))))
            // The day's rows go once the day is over.
            try await store.discardDailyIssuances(before: 20_001)
            try await store.discardIssuances(before: 4)
            #expect(try await store.issueOnce(device: "d", epoch: 4, daily: day) { calls.sign([6]) } == .signed(.success(Data([6]))))
        }
    }

    @Test(
        "nodes asking at once for one device's last token of the day in different epochs: exactly one signature",
        arguments: ServerStoreConformanceTests.epochImplementations)
    func concurrentDailyCap(_ name: String) async throws {
        try await ServerStoreConformanceTests.withEpochStore(name) { store in
            let calls = Calls()
            let day = DailyIssuanceLimit(day: 30_000, cap: 1)
            let issued = try await withThrowingTaskGroup(of: Bool.self) { group in
                for node in 0..<6 {
                    group.addTask {
                        let outcome = try await store.issueOnce(device: "d", epoch: Int64(10 + node), daily: day) {
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
