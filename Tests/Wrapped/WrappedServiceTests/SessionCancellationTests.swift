import Foundation
import Synchronization
import Testing
import WrappedKit
import WrappedStore

@testable import WrappedService

@Suite("Photo Wrapped session: cancellation and access in the cache key")
struct SessionCancellationTests {
    let library = InMemoryPhotoLibrary(assets: TwoCities.assets)
    let now = Date(timeIntervalSince1970: 1_750_000_000)

    @Test("a run cancelled during the scan throws cancelled and stores nothing; the next run is a miss")
    func cancelledDuringScan() throws {
        let cache = temporary("cancel-scan").appendingPathComponent("wrapped.sqlite")
        let cancelled = Atomic<Bool>(false)
        #expect(throws: WrappedSessionError.cancelled) {
            try session(library, cache: cache, log: EventLog()).run(
                days: TwoCities.june, hidden: [], now: now, access: .full,
                isCancelled: { cancelled.load(ordering: .relaxed) },
                progress: { event in
                    if case .scanning(let done, _) = event, done == 10 {
                        cancelled.store(true, ordering: .relaxed)
                    }
                })
        }
        #expect(try WrappedDatabase(path: cache.path).runCount() == 0)
        let next = try session(library, cache: cache, log: EventLog()).run(
            days: TwoCities.june, hidden: [], now: now)
        #expect(next.cache == .miss)
        #expect(next.result.stats.total == 42)
    }

    @Test("a run cancelled after the scan, while the engine runs, still stores nothing")
    func cancelledBeforeSave() throws {
        let cache = temporary("cancel-engine").appendingPathComponent("wrapped.sqlite")
        let cancelled = Atomic<Bool>(false)
        #expect(throws: WrappedSessionError.cancelled) {
            try session(library, cache: cache, log: EventLog()).run(
                days: TwoCities.june, hidden: [], now: now, access: .full,
                isCancelled: { cancelled.load(ordering: .relaxed) },
                progress: { event in
                    if case .engine(.places) = event { cancelled.store(true, ordering: .relaxed) }
                })
        }
        #expect(try WrappedDatabase(path: cache.path).runCount() == 0)
    }

    @Test("a limited library's run never answers for the full library, and the other way round")
    func accessInKey() throws {
        let cache = temporary("access").appendingPathComponent("wrapped.sqlite")
        func run(_ access: PhotoAuthorization) throws -> WrappedCacheState {
            try session(library, cache: cache, log: EventLog()).run(
                days: TwoCities.june, hidden: [], now: now, access: access, isCancelled: { false }
            ).cache
        }
        #expect(try run(.limited) == .miss)
        #expect(try run(.full) == .miss)
        #expect(try run(.limited) == .hit)
        #expect(try run(.full) == .hit)
    }
}
