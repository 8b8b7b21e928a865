import Foundation
import ServerRepositories
import Synchronization
import LociServerStore
import LociTestSupport
import Synchronization
import Testing
import TidepoolStorage

/// One suite every ``ServerStore`` implementation runs: SQLite always, PostgreSQL when
/// `DATABASE_URL` is set (and in CI, where its absence fails). Each test gets a fresh, empty
/// store: a new SQLite file, or a new PostgreSQL schema dropped afterwards. The release and
/// partial-count tests also run against ``InMemoryEpochStore`` (the simulator's store).
@Suite("Server store conformance")
struct ServerStoreConformanceTests {
    /// The implementations under test, by name.
    static let implementations = ["sqlite"] + (PostgresTestDatabase.shouldRun ? ["postgres"] : [])

    /// Runs `body` on a fresh store of the named implementation.
    static func withStore(_ name: String, _ body: (any ServerStore) async throws -> Void) async throws {
        switch name {
        case "sqlite":
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
                "loci-store-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try await body(try SQLiteServerStore(path: folder.appendingPathComponent("server.sqlite").path))
        case "postgres":
            let url = try #require(
                PostgresTestDatabase.url, Comment(rawValue: PostgresTestDatabase.missingMessage))
            let store = try await PostgresServerStore(
                url: url, schema: PostgresTestDatabase.freshSchema(),
                connectTimeout: PostgresTestDatabase.connectTimeout)
            do { try await body(store) } catch {
                try? await store.dropSchema()
                store.shutdown()
                throw error
            }
            try await store.dropSchema()
            store.shutdown()
        default:
            Issue.record("unknown implementation \(name)")
        }
    }

    /// The implementations of the epoch store (releases and partial counts).
    static let epochImplementations = implementations + ["memory"]

    /// Runs `body` on a fresh epoch store of the named implementation.
    static func withEpochStore(_ name: String, _ body: (any EpochStore) async throws -> Void) async throws {
        if name == "memory" {
            try await body(InMemoryEpochStore())
        } else {
            try await withStore(name) { store in try await body(store) }
        }
    }

    @Test(
        "the PostgreSQL variant runs (DATABASE_URL is set)",
        .enabled(if: PostgresTestDatabase.shouldRun, Comment(rawValue: PostgresTestDatabase.missingMessage)))
    func postgresConfigured() {
        #expect(PostgresTestDatabase.url != nil, Comment(rawValue: PostgresTestDatabase.missingMessage))
    }

    @Test("access tokens resolve to their device until they expire", arguments: implementations)
    func tokens(_ name: String) async throws {
        try await Self.withStore(name) { store in
            try await store.createDevice(DeviceRecord(id: "d1", createdAt: 100))
            let hash = Data(repeating: 7, count: 32)
            try await store.storeAccessToken(hash: hash, deviceID: "d1", expiresAt: 200)
            #expect(
                try await store.device(forTokenHash: hash, at: 199) == DeviceRecord(id: "d1", createdAt: 100))
            #expect(try await store.device(forTokenHash: hash, at: 200) == nil)  // expiry is exclusive
            #expect(try await store.device(forTokenHash: Data(repeating: 8, count: 32), at: 150) == nil)
            try await store.discardExpiredTokens(at: 250)
            #expect(try await store.device(forTokenHash: hash, at: 100) == nil)
        }
    }

    @Test("favourites: create, duplicate refused, rate, owner-only delete", arguments: implementations)
    func favourites(_ name: String) async throws {
        try await Self.withStore(name) { store in
            try await store.createDevice(DeviceRecord(id: "a", createdAt: 1))
            try await store.createDevice(DeviceRecord(id: "b", createdAt: 1))
            let first = FavouriteRecord(
                id: "f1", deviceID: "a", placeID: "osm:node/1", rating: nil, note: "hi", createdAt: 10)
            let second = FavouriteRecord(
                id: "f2", deviceID: "a", placeID: "osm:node/2", rating: 4, note: nil, createdAt: 11)
            try await store.createFavourite(second)
            try await store.createFavourite(first)
            #expect(try await store.favourites(deviceID: "a") == [first, second])  // oldest first
            #expect(try await store.favourites(deviceID: "b").isEmpty)
            await #expect(throws: ServerStoreError.self) {
                try await store.createFavourite(
                    FavouriteRecord(
                        id: "f3", deviceID: "a", placeID: "osm:node/1", rating: nil, note: nil, createdAt: 12)
                )
            }
            let rated = try await store.rateFavourite(id: "f1", deviceID: "a", rating: 5)
            #expect(rated.rating == 5)
            await #expect(throws: ServerStoreError.self) {
                _ = try await store.rateFavourite(id: "f1", deviceID: "a", rating: 6)
            }
            await #expect(throws: ServerStoreError.self) {
                _ = try await store.rateFavourite(id: "f1", deviceID: "b", rating: 2)
            }
            await #expect(throws: ServerStoreError.self) {
                try await store.deleteFavourite(id: "f1", deviceID: "b")
            }
            try await store.deleteFavourite(id: "f1", deviceID: "a")
            #expect(try await store.favourites(deviceID: "a").map(\.id) == ["f2"])
        }
    }

    @Test("deleting a device removes its tokens, profile and favourites only", arguments: implementations)
    func deleteDevice(_ name: String) async throws {
        try await Self.withStore(name) { store in
            for id in ["a", "b"] {
                try await store.createDevice(DeviceRecord(id: id, createdAt: 1))
                try await store.storeAccessToken(hash: Data(id.utf8), deviceID: id, expiresAt: 1_000)
                try await store.saveProfile(
                    ProfileRecord(
                        deviceID: id, tags: ["jazz"], vector: [0.5, -1], modelVersion: "client",
                        integrations: [:], updatedAt: 2))
                try await store.createFavourite(
                    FavouriteRecord(
                        id: "fav-\(id)", deviceID: id, placeID: "osm:node/9", rating: 3, note: nil,
                        createdAt: 3))
            }
            try await store.deleteDevice(id: "a")
            #expect(try await store.device(forTokenHash: Data("a".utf8), at: 10) == nil)
            #expect(try await store.profile(deviceID: "a") == nil)
            #expect(try await store.favourites(deviceID: "a").isEmpty)
            #expect(try await store.profile(deviceID: "b")?.vector == [0.5, -1])
            #expect(try await store.favourites(deviceID: "b").count == 1)
            await #expect(throws: ServerStoreError.self) { try await store.deleteDevice(id: "a") }
        }
    }

    @Test("releases are immutable, newest first, and expire", arguments: epochImplementations)
    func releases(_ name: String) async throws {
        try await Self.withEpochStore(name) { store in
            try await store.publishRelease(StoredRelease(epoch: 5, expiresAt: 100, body: Data("five".utf8)))
            try await store.publishRelease(StoredRelease(epoch: 6, expiresAt: 200, body: Data("six".utf8)))
            await #expect(throws: ServerStoreError.self) {
                try await store.publishRelease(
                    StoredRelease(epoch: 6, expiresAt: 300, body: Data("again".utf8)))
            }
            #expect(try await store.releases(notExpiredAt: 50).map(\.epoch) == [6, 5])
            #expect(try await store.releases(notExpiredAt: 100).map(\.body) == [Data("six".utf8)])
            try await store.discardExpiredReleases(at: 150)
            #expect(try await store.releases(notExpiredAt: 0).map(\.epoch) == [6])
        }
    }

    @Test(
        "partial counts from several nodes sum; exactly one node closes the epoch, in one transaction",
        arguments: epochImplementations
    )
    func partialCounts(_ name: String) async throws {
        try await Self.withEpochStore(name) { store in
            let big = UInt64(1) << 63 | 12_345  // ids use the top bits (level): must round-trip
            try await store.storePartialCounts(epoch: 8, node: "n1", counts: [3: 1])
            try await store.storePartialCounts(epoch: 9, node: "n1", counts: [1: 2, big: 1])
            try await store.storePartialCounts(
                epoch: 9, node: "n2", counts: [1: 3, 7: 1], facets: [1: [0: 2, 5: 1], big: [3: 1]])
            try await store.storePartialCounts(epoch: 9, node: "n3", counts: [:], facets: [1: [5: 1]])
            try await store.storePartialCounts(epoch: 10, node: "n1", counts: [1: 100], facets: [1: [2: 9]])
            #expect(try await store.partialCounts(epoch: 9) == [1: 5, big: 1, 7: 1])
            #expect(try await store.partialFacetCounts(epoch: 9) == [1: [0: 2, 5: 2], big: [3: 1]])
            let seen = Recorder()
            let seenFacets = FacetRecorder()
            #expect(
                try await store.closeEpoch(epoch: 9, node: "n1", at: 1) { summed in
                    seen.record(summed.counts)
                    seenFacets.record(summed.facets)
                    return StoredRelease(epoch: 9, expiresAt: 500, body: Data("nine".utf8))
                })
            #expect(seen.calls == [[1: 5, big: 1, 7: 1]])
            #expect(seenFacets.calls == [[1: [0: 2, 5: 2], big: [3: 1]]])
            #expect(try await store.releases(notExpiredAt: 0).map(\.body) == [Data("nine".utf8)])
            // Closed once: later callers (another node, or the same one again) get false and
            // never build a release.
            for closer in ["n2", "n1"] {
                #expect(
                    !(try await store.closeEpoch(epoch: 9, node: closer, at: 2) { summed in
                        seen.record(summed.counts)
                        return StoredRelease(epoch: 9, expiresAt: 500, body: Data("again".utf8))
                    }))
            }
            #expect(seen.calls.count == 1)
            // The close discarded epoch 9's counts and the earlier epoch's, not the later one's.
            #expect(try await store.partialCounts(epoch: 9).isEmpty)
            #expect(try await store.partialCounts(epoch: 8).isEmpty)
            #expect(try await store.partialCounts(epoch: 10) == [1: 100])
            #expect(try await store.partialFacetCounts(epoch: 9).isEmpty)
            #expect(try await store.partialFacetCounts(epoch: 10) == [1: [2: 9]])
        }
    }

    @Test(
        "storing a node's counts again replaces them: a retried flush is summed once, other nodes' stay",
        arguments: epochImplementations)
    func storeReplaces(_ name: String) async throws {
        try await Self.withEpochStore(name) { store in
            try await store.storePartialCounts(epoch: 5, node: "n2", counts: [1: 1], facets: [1: [0: 1]])
            for _ in 0..<2 {  // the write committed, its reply was lost, the node retries
                try await store.storePartialCounts(epoch: 5, node: "n1", counts: [1: 2, 2: 3], facets: [2: [1: 3]])
            }
            #expect(try await store.partialCounts(epoch: 5) == [1: 3, 2: 3])
            #expect(try await store.partialFacetCounts(epoch: 5) == [1: [0: 1], 2: [1: 3]])
            // A later flush carries everything the node counted in the epoch: it replaces, tiles
            // it no longer names are gone.
            try await store.storePartialCounts(epoch: 5, node: "n1", counts: [2: 4], facets: [:])
            #expect(try await store.partialCounts(epoch: 5) == [1: 1, 2: 4])
            #expect(try await store.partialFacetCounts(epoch: 5) == [1: [0: 1]])
            try await store.storePartialCounts(epoch: 6, node: "n1", counts: [9: 1])
            #expect(try await store.partialCounts(epoch: 5) == [1: 1, 2: 4])
        }
    }

    @Test(
        "a closer that fails mid-way leaves the epoch open, its counts intact, for the next node",
        arguments: epochImplementations)
    func failedClose(_ name: String) async throws {
        struct Crash: Error {}
        try await Self.withEpochStore(name) { store in
            try await store.storePartialCounts(epoch: 4, node: "n1", counts: [1: 2])
            try await store.storePartialCounts(epoch: 4, node: "n2", counts: [1: 1, 2: 1])
            await #expect(throws: ServerStoreError.self) {
                try await store.closeEpoch(epoch: 4, node: "n1", at: 1) { _ in throw Crash() }
            }
            #expect(try await store.releases(notExpiredAt: 0).isEmpty)
            #expect(try await store.partialCounts(epoch: 4) == [1: 3, 2: 1])
            let seen = Recorder()
            #expect(
                try await store.closeEpoch(epoch: 4, node: "n2", at: 2) { summed in
                    seen.record(summed.counts)
                    return StoredRelease(epoch: 4, expiresAt: 50, body: Data("four".utf8))
                })
            #expect(seen.calls == [[1: 3, 2: 1]])
            #expect(try await store.releases(notExpiredAt: 0).map(\.epoch) == [4])
        }
    }

    @Test("nodes closing the same epoch at once publish exactly one release", arguments: epochImplementations)
    func concurrentClose(_ name: String) async throws {
        try await Self.withEpochStore(name) { store in
            try await store.storePartialCounts(epoch: 12, node: "n1", counts: [5: 2])
            let wins = try await withThrowingTaskGroup(of: Bool.self) { group in
                for node in 0..<6 {
                    group.addTask {
                        try await store.closeEpoch(epoch: 12, node: "n\(node)", at: 1) { _ in
                            StoredRelease(epoch: 12, expiresAt: 90, body: Data("node \(node)".utf8))
                        }
                    }
                }
                var wins = 0
                for try await won in group where won { wins += 1 }
                return wins
            }
            #expect(wins == 1)
            #expect(try await store.releases(notExpiredAt: 0).count == 1)
        }
    }
}

/// What a `makeRelease` closure was called with (closures are `@Sendable`).
final class Recorder: Sendable {
    private let seen = Mutex<[[UInt64: Int]]>([])
    func record(_ counts: [UInt64: Int]) { seen.withLock { $0.append(counts) } }
    var calls: [[UInt64: Int]] { seen.withLock { $0 } }
}

/// What a close's `makeRelease` saw of the facet counts.
final class FacetRecorder: Sendable {
    private let seen = Mutex<[[UInt64: [Int: Int]]]>([])
    func record(_ facets: [UInt64: [Int: Int]]) { seen.withLock { $0.append(facets) } }
    var calls: [[UInt64: [Int: Int]]] { seen.withLock { $0 } }
}
