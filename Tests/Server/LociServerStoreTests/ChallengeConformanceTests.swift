import Foundation
import LociServerStore
import ServerRepositories
import Testing

/// ``ChallengeRepository`` on every server store (SQLite, PostgreSQL with `DATABASE_URL`).
@Suite("Registration challenge store conformance")
struct ChallengeConformanceTests {
    @Test("a challenge is spent once, and not after it expired", arguments: ServerStoreConformanceTests.implementations)
    func singleUse(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await store.storeChallenge(hash: Data([1]), expiresAt: 100, at: 10)
            try await store.storeChallenge(hash: Data([2]), expiresAt: 50, at: 10)
            #expect(try await store.spendChallenge(hash: Data([1]), at: 20))
            #expect(try await !store.spendChallenge(hash: Data([1]), at: 21))
            #expect(try await !store.spendChallenge(hash: Data([2]), at: 50))
            #expect(try await !store.spendChallenge(hash: Data([3]), at: 20))
        }
    }

    @Test("two registrations spending one challenge at once: exactly one wins", arguments: ServerStoreConformanceTests.implementations)
    func concurrent(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await store.storeChallenge(hash: Data([9]), expiresAt: 100, at: 10)
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<6 { group.addTask { try await store.spendChallenge(hash: Data([9]), at: 20) } }
                var wins = 0
                for try await won in group where won { wins += 1 }
                return wins
            }
            #expect(wins == 1)
        }
    }

    @Test("storing a challenge forgets the expired ones", arguments: ServerStoreConformanceTests.implementations)
    func purges(_ name: String) async throws {
        try await ServerStoreConformanceTests.withStore(name) { store in
            try await store.storeChallenge(hash: Data([4]), expiresAt: 30, at: 10)
            try await store.storeChallenge(hash: Data([5]), expiresAt: 200, at: 40)
            // Even a clock running backwards cannot bring back the purged challenge.
            #expect(try await !store.spendChallenge(hash: Data([4]), at: 20))
            #expect(try await store.spendChallenge(hash: Data([5]), at: 41))
        }
    }
}
