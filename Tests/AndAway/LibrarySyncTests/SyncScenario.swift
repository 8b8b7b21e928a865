import Foundation
import GeoKit
import LibraryKit
import LibraryStore
import LibrarySync
import SeededRandom

/// Replicas of one library making random edits, deletes and offline periods, syncing through an
/// ``InMemorySyncHub`` now and then, and finally until nothing moves; every operation is logged
/// in a ``SyncOracle``. Nothing here swallows an error: the only failure tolerated is
/// ``LibrarySyncError/offline(replica:)`` from a replica the scenario took offline.
struct SyncScenario {
    struct Replica {
        let id: String
        let store: LibraryStore
        let synchronizer: LibrarySynchronizer
    }

    /// What a run found.
    struct Outcome {
        var oracle: SyncOracle
        var libraries: [String: Library]
        /// Differences from the oracle, Lamport violations, and wrong counts seen during the run.
        var violations: [String]
        var operations: [String: Int]
        var offlineSyncs: Int
    }

    let seed: UInt64
    let replicaCount: Int
    let rounds: Int
    var transform: @Sendable (ChangeSet) -> ChangeSet = { $0 }

    private static let clock = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01
    private static let tagPool = ["art", "food", "kids", "later", "view", "rainy day"]

    func run() async throws -> Outcome {
        var random = Xoshiro256StarStar(seed: seed)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("loci-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }  // cleanup only; the test's result does not depend on it
        let hub = InMemorySyncHub()
        let knowledge = Knowledge()
        let now = Self.clock
        var replicas: [Replica] = []
        for index in 0..<replicaCount {
            let id = "r\(index)"
            let store = try LibraryStore(
                path: folder.appendingPathComponent("\(id).sqlite").path, replicaID: id, now: { now })
            let transport = ObservedTransport(
                inner: hub.transport(for: id), knowledge: knowledge, transform: transform)
            replicas.append(Replica(id: id, store: store, synchronizer: LibrarySynchronizer(store: store, transport: transport)))
        }
        var run = Run(oracle: SyncOracle(), knowledge: knowledge, hub: hub)
        for _ in 0..<rounds {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let replica = replicas[Int.random(in: 0..<replicas.count, using: &random)]
                try run.operate(on: replica, random: &random)
            }
            if Double.random(in: 0..<1, using: &random) < 0.3 {
                let id = replicas[Int.random(in: 0..<replicas.count, using: &random)].id
                hub.setOnline(!hub.isOnline(id), replica: id)
            }
            for replica in replicas where Bool.random(using: &random) {
                try await run.sync(replica)
            }
        }
        for replica in replicas { hub.setOnline(true, replica: replica.id) }
        var quiet = false
        for _ in 0..<6 where !quiet {
            let sentBefore = hub.sentCount
            for replica in replicas { try await run.sync(replica) }
            quiet = hub.sentCount == sentBefore
        }
        if !quiet { run.violations.append("replicas still sending after six full rounds") }
        var libraries: [String: Library] = [:]
        for replica in replicas {
            let library = try replica.store.library()
            libraries[replica.id] = library
            run.violations += run.oracle.differences(from: library, replica: replica.id)
        }
        run.violations += run.oracle.lamportViolations
        return Outcome(
            oracle: run.oracle, libraries: libraries, violations: run.violations, operations: run.counts,
            offlineSyncs: run.offlineSyncs)
    }

    /// The mutable state of one run.
    private struct Run {
        var oracle: SyncOracle
        let knowledge: Knowledge
        let hub: InMemorySyncHub
        var violations: [String] = []
        var counts: [String: Int] = [:]
        var offlineSyncs = 0
        var operation = 0
        var searchOfOperation: [Int: String] = [:]
        var clearOfOperation: [Int: Set<String>] = [:]

        mutating func sync(_ replica: Replica) async throws {
            if try await Self.round(replica, hub: hub) { offlineSyncs += 1 }
        }

        /// One round; true when it failed only because the replica is offline (the one failure
        /// the scenario expects), any other error is thrown.
        static func round(_ replica: Replica, hub: InMemorySyncHub) async throws -> Bool {
            let failure: LibrarySyncError
            do {
                try await replica.synchronizer.sync()
                return false
            } catch {
                failure = error
            }
            guard failure == .offline(replica: replica.id), !hub.isOnline(replica.id) else { throw failure }
            return true
        }

        mutating func operate(on replica: Replica, random: inout Xoshiro256StarStar) throws {
            operation += 1
            let op = operation
            let store = replica.store
            let knew = knowledge.known(by: replica.id)
            let before = try store.changes(since: ChangeToken(sequence: .max)).token
            let bookmarks = try store.bookmarks()
            let lists = try store.lists()
            let roll = Double.random(in: 0..<1, using: &random)
            let kind: String
            if roll < 0.25 || bookmarks.isEmpty {
                kind = "add"
                var tags = Set<String>()
                for tag in SyncScenario.tagPool where Double.random(in: 0..<1, using: &random) < 0.3 { tags.insert(tag) }
                let bookmark = Bookmark(
                    id: "b\(op)", place: PlaceReference(provider: .custom, id: "pin:\(op)"), name: "Place \(op)",
                    coordinate: Self.coordinate(&random), coordinateSavedAt: SyncScenario.clock,
                    note: Bool.random(using: &random) ? "" : "note \(op)", tags: Array(tags),
                    lists: lists.filter { _ in Bool.random(using: &random) }.map(\.id), created: SyncScenario.clock)
                try store.add(bookmark)
                oracle.add(bookmark, stamp: try Self.stamp(store, since: before))
            } else if roll < 0.62 {
                kind = "edit"
                let target = bookmarks[Int.random(in: 0..<bookmarks.count, using: &random)]
                var field = SyncOracle.Field.allCases[Int.random(in: 0..<5, using: &random)]
                let newLists = lists.filter { _ in Bool.random(using: &random) }.map(\.id).sorted()
                if field == .lists && newLists == target.lists { field = .note }
                let saved = try store.updateBookmark(id: target.id) { bookmark in
                    switch field {
                    case .name: bookmark.name = "Name \(op)"
                    case .note: bookmark.note = "note \(op)\nsecond line"
                    case .tags: bookmark.tags = ["t\(op)"] + bookmark.tags.prefix(1)
                    case .lists: bookmark.lists = newLists
                    case .position:
                        bookmark.coordinate = Self.coordinate(&random)
                        bookmark.coordinateSavedAt = SyncScenario.clock.addingTimeInterval(Double(op))
                    }
                }
                oracle.write(field, of: saved, stamp: try Self.stamp(store, since: before))
            } else if roll < 0.70 {
                kind = "delete"
                let target = bookmarks[Int.random(in: 0..<bookmarks.count, using: &random)]
                guard try store.removeBookmark(id: target.id) else {
                    throw ScenarioError("\(replica.id) listed bookmark '\(target.id)' but could not delete it")
                }
                oracle.deletedBookmark(target.id)
                oracle.record(operation: op, replica: replica.id, stamp: try Self.stamp(store, since: before), knew: knew)
            } else if roll < 0.77 || lists.isEmpty {
                kind = "list"
                let list = BookmarkList(id: "l\(op)", name: "List \(op)", created: SyncScenario.clock)
                try store.createList(list)
                oracle.wroteList(list, stamp: try Self.stamp(store, since: before))
            } else if roll < 0.82 {
                kind = "rename"
                var list = lists[Int.random(in: 0..<lists.count, using: &random)]
                list.name = "Renamed \(op)"
                try store.renameList(id: list.id, to: list.name)
                oracle.wroteList(list, stamp: try Self.stamp(store, since: before))
            } else if roll < 0.85 {
                kind = "drop list"
                let list = lists[Int.random(in: 0..<lists.count, using: &random)]
                guard try store.deleteList(id: list.id) else {
                    throw ScenarioError("\(replica.id) listed list '\(list.id)' but could not delete it")
                }
                oracle.deletedList(list.id)
            } else if roll < 0.94 {
                kind = "search"
                let entry = SearchHistoryEntry(
                    id: "s\(op)", query: "query \(op)", kind: Bool.random(using: &random) ? .name : .category,
                    at: SyncScenario.clock.addingTimeInterval(Double(op)))
                try store.recordSearch(entry)
                oracle.searched(entry)
                searchOfOperation[op] = entry.id
            } else if roll < 0.96 {
                kind = "clear"
                let seen = knew.union([op])
                let known = Set(seen.compactMap { searchOfOperation[$0] })
                let alreadyCleared = seen.reduce(into: Set<String>()) { $0.formUnion(clearOfOperation[$1] ?? []) }
                let expected = known.subtracting(alreadyCleared)
                let cleared = try store.clearHistory()
                if cleared != expected.count {
                    violations.append(
                        "\(replica.id) cleared \(cleared) searches at operation \(op); it had received \(expected.count)")
                }
                clearOfOperation[op] = expected
                oracle.cleared(expected)
                if cleared > 0 {
                    oracle.record(operation: op, replica: replica.id, stamp: try Self.stamp(store, since: before), knew: knew)
                }
            } else {
                kind = "preferences"
                let preferences = Preferences(
                    nameQuery: Self.weights(&random), categoryQuery: Self.weights(&random))
                try store.setPreferences(preferences)
                oracle.setPreferences(preferences, stamp: try Self.stamp(store, since: before))
            }
            if ["add", "edit", "list", "rename", "drop list", "preferences"].contains(kind) {
                oracle.record(operation: op, replica: replica.id, stamp: try Self.stamp(store, since: before), knew: knew)
            }
            knowledge.performed(op, on: replica.id)
            counts[kind, default: 0] += 1
        }

        /// The stamp the operation just done was given: the newest in what it wrote.
        static func stamp(_ store: LibraryStore, since token: ChangeToken) throws -> Stamp {
            let written = try store.changes(since: token)
            let stamps =
                written.bookmarks.map(\.stamps.newest) + written.lists.map(\.stamp)
                + written.tombstones.map(\.stamp) + (written.preferences.map { [$0.stamp] } ?? [])
            guard let newest = stamps.max() else { throw ScenarioError("an operation wrote nothing") }
            return newest
        }

        static func coordinate(_ random: inout Xoshiro256StarStar) -> Coordinate {
            Coordinate(
                uncheckedLatitude: 60.15 + Double.random(in: 0..<0.05, using: &random),
                longitude: 24.90 + Double.random(in: 0..<0.08, using: &random))
        }

        /// Six weights in 0…1 that sum to 1.
        static func weights(_ random: inout Xoshiro256StarStar) -> ScoringWeights {
            let raw = (0..<6).map { _ in Double(Int.random(in: 1...20, using: &random)) }
            let total = raw.reduce(0, +)
            let w = raw.map { $0 / total }
            return ScoringWeights(
                distance: w[0], popularity: w[1], queryRelevance: w[2], categoryMatch: w[3], businessStatus: w[4],
                dataCompleteness: 1 - w[0] - w[1] - w[2] - w[3] - w[4])
        }
    }
}

/// The scenario itself went wrong (not the code under test).
struct ScenarioError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
