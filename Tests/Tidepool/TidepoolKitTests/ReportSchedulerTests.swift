import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolKit

@Suite("Report scheduler: cadence, jitter, one tile per epoch, nothing while hidden")
struct ReportSchedulerTests {
    static let fix = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    @Test("intervals lie in 15…105 s and use both jitter signs")
    func intervals() {
        var rng = SeededGenerator(seed: 9)
        let scheduler = ReportScheduler()
        let intervals = (0..<10_000).map { _ in scheduler.nextInterval(using: &rng) }
        #expect(intervals.allSatisfy { $0 >= 15 && $0 <= 105 })
        #expect(intervals.contains { $0 < 30 })  // negative jitter happened
        #expect(intervals.contains { $0 > 60 })  // positive jitter happened
    }

    @Test("one report per epoch, none while hidden, none before due")
    func limits() throws {
        var rng = SeededGenerator(seed: 10)
        var scheduler = ReportScheduler(
            configuration: {
                var c = ReportScheduler.Configuration()
                c.reportsPerEpoch = 2
                return c
            }())
        let start = 900.0 * 1_000  // start of epoch 1000
        #expect(
            scheduler.handle(fix: Self.fix, at: start, hidden: true, appState: .foreground, using: &rng)
                == nil)
        let first = try #require(
            scheduler.handle(fix: Self.fix, at: start + 1, hidden: false, appState: .foreground, using: &rng))
        #expect(first.epoch == 1_000)
        #expect(first.tile == GridTiler.standard.tile(for: Self.fix))
        // Before due: nothing.
        #expect(
            scheduler.handle(fix: Self.fix, at: start + 2, hidden: false, appState: .foreground, using: &rng)
                == nil)
        // Due again, same tile, same epoch: dropped.
        #expect(
            scheduler.handle(
                fix: Self.fix, at: start + 200, hidden: false, appState: .foreground, using: &rng) == nil)
        // A different tile in the same epoch: allowed (limit 2 here).
        let other = try Spherical.destination(from: Self.fix, bearing: 0, distance: 400)
        #expect(
            scheduler.handle(fix: other, at: start + 300, hidden: false, appState: .background, using: &rng)
                != nil)
        // Next epoch: the first tile may be reported again.
        let next = scheduler.handle(
            fix: Self.fix, at: start + 900, hidden: false, appState: .foreground, using: &rng)
        #expect(next?.epoch == 1_001)
    }
}

@Suite("Epoch schedule")
struct EpochScheduleTests {
    @Test("epochs are floor(t / 900), before 1970 too, and a broken clock does not trap")
    func epochs() throws {
        let schedule = EpochSchedule.standard
        #expect(schedule.epoch(at: 0) == 0)
        #expect(schedule.epoch(at: 899.999) == 0)
        #expect(schedule.epoch(at: 900) == 1)
        #expect(schedule.epoch(at: -0.5) == -1)
        #expect(schedule.epoch(at: .nan) == 0)
        #expect(schedule.epoch(at: .infinity) == 0)
        #expect(throws: TidepoolKitError.self) { try EpochSchedule(lengthSeconds: 10) }
    }
}
