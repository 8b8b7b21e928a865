import LibraryKit
import LibrarySync
import Testing

/// Libraries syncing through the in-memory hub with random edits, deletes and offline periods end
/// up holding exactly what the merge rules say (``SyncOracle``), not merely the same thing.
@Suite("Library sync converges to what the merge rules say")
struct ConvergenceTests {
    @Test("three replicas, random edits, deletes and offline periods", arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func threeReplicas(seed: UInt64) async throws {
        let outcome = try await SyncScenario(seed: seed, replicaCount: 3, rounds: 80).run()
        #expect(outcome.violations == [])
        Self.expectSubstantial(outcome)
    }

    @Test("two replicas, long offline stretches", arguments: [11, 12, 13] as [UInt64])
    func twoReplicas(seed: UInt64) async throws {
        let outcome = try await SyncScenario(seed: seed, replicaCount: 2, rounds: 120).run()
        #expect(outcome.violations == [])
        Self.expectSubstantial(outcome)
    }

    @Test("a transport that loses tombstones is caught: deleted bookmarks come back")
    func lostTombstonesAreCaught() async throws {
        var scenario = SyncScenario(seed: 1, replicaCount: 3, rounds: 80)
        scenario.transform = { changes in
            var changes = changes
            changes.tombstones = []
            return changes
        }
        let outcome = try await scenario.run()
        #expect(outcome.violations.contains { $0.contains("was deleted but is present") })
    }

    @Test("a merge where what is already here always wins is caught")
    func localAlwaysWinsIsCaught() async throws {
        var scenario = SyncScenario(seed: 2, replicaCount: 3, rounds: 80)
        scenario.transform = { changes in
            var changes = changes
            for index in changes.bookmarks.indices {
                changes.bookmarks[index].stamps = .init(all: Stamp(counter: 1, replica: ""))
            }
            return changes
        }
        let outcome = try await scenario.run()
        #expect(outcome.violations.contains { $0.contains("the merge rules say") })
    }

    @Test("a transport that drops every incoming set is caught: nothing is lost quietly")
    func droppedSetsAreCaught() async throws {
        var scenario = SyncScenario(seed: 3, replicaCount: 2, rounds: 40)
        scenario.transform = { ChangeSet(token: $0.token) }
        let outcome = try await scenario.run()
        #expect(outcome.violations.contains { $0.contains("is missing") })
    }

    /// The run did enough of everything for agreement to mean something: a sync that dropped
    /// everything, or a scenario that never deleted, could not pass.
    static func expectSubstantial(_ outcome: SyncScenario.Outcome) {
        let expected = outcome.oracle.expected
        #expect(expected.bookmarks.count >= 10)
        #expect(expected.bookmarks.contains { !$0.note.isEmpty && !$0.tags.isEmpty })
        #expect(expected.bookmarks.contains { !$0.lists.isEmpty })
        #expect(!expected.lists.isEmpty)
        #expect(!expected.history.isEmpty)
        #expect(!outcome.oracle.deletedBookmarks.isEmpty)
        #expect((outcome.operations["edit"] ?? 0) >= 20)
        #expect(outcome.offlineSyncs > 0)
        for (_, library) in outcome.libraries { #expect(library.bookmarks.count == expected.bookmarks.count) }
    }
}
