import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolKit

@Suite("Home guard: 500 ft with 450/550 ft hysteresis and a dwell")
struct HomeGuardTests {
    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// A point `distance` metres from Home on `bearing`.
    static func point(_ distance: Double, _ bearing: Double) throws -> Coordinate {
        try Spherical.destination(from: home, bearing: bearing, distance: distance)
    }

    @Test(
        "a GPS-jitter track hovering at 140–165 m never flips more than once per dwell and never reports inside 450 ft",
        arguments: [1, 2, 3] as [UInt64])
    func jitterTrack(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        var reporter = PresenceReporter(home: Self.home)
        // Walk out to 300 m first so the guard is visible, then hover in the band.
        var time = 1_700_000_000.0
        var flips: [(time: Double, hidden: Bool)] = []
        var hidden = true
        var reportsInside = 0
        var reports = 0
        func feed(_ fix: Coordinate) {
            let distance = Haversine.distance(Self.home, fix)
            let output = reporter.observe(fix: fix, at: time, appState: .foreground, using: &rng)
            if output.hidden != hidden {
                flips.append((time, output.hidden))
                hidden = output.hidden
            }
            if let report = output.report {
                reports += 1
                if distance < 137.16 { reportsInside += 1 }
                #expect(report.tile == GridTiler.standard.tile(for: fix))
            }
            time += Double.random(in: 1...10, using: &rng)
        }
        for _ in 0..<20 { feed(try Self.point(300, 90)) }
        #expect(!hidden)
        #expect(flips.count == 1)
        // About 3 hours of fixes at 140–165 m from Home in random directions: no flip at all.
        for _ in 0..<2_000 {
            feed(
                try Self.point(
                    Double.random(in: 140...165, using: &rng), Double.random(in: 0..<360, using: &rng)))
        }
        #expect(flips.count == 1)
        // Then a wider jitter that crosses both thresholds: 120–190 m.
        for _ in 0..<2_000 {
            feed(
                try Self.point(
                    Double.random(in: 120...190, using: &rng), Double.random(in: 0..<360, using: &rng)))
        }
        #expect(reportsInside == 0)
        #expect(reports > 0)
        // Hiding is immediate (privacy first); showing again needs the 60 s dwell, so every
        // hidden → visible flip comes at least 60 s after the flip before it.
        #expect(flips.count > 1)
        for (earlier, later) in zip(flips, flips.dropFirst()) where !later.hidden {
            #expect(later.time - earlier.time >= 60, "shown at \(later.time), hidden at \(earlier.time)")
        }
    }

    @Test("in the 450–550 ft band the state never changes, whichever it was")
    func bandKeepsState() throws {
        var rng = SeededGenerator(seed: 4)
        var homeGuard = HomeGuard(home: Self.home)
        var time = 0.0
        /// Feeds `count` fixes in the band (138–167 m, random directions, 5–40 s apart) and
        /// checks the state after every one.
        func hover(_ count: Int, expectHidden: Bool) throws {
            for _ in 0..<count {
                time += Double.random(in: 5...40, using: &rng)
                let fix = try Self.point(
                    Double.random(in: 138...167, using: &rng), Double.random(in: 0..<360, using: &rng))
                #expect(homeGuard.update(fix: fix, at: time) == expectHidden, "at \(time) s")
            }
        }
        // Hidden (coming from inside 450 ft): the band keeps it hidden, however long.
        #expect(homeGuard.update(fix: try Self.point(50, 0), at: time))
        try hover(300, expectHidden: true)
        // Out beyond 550 ft for the dwell: visible.
        for step in 1...3 {
            time += 40
            homeGuard.update(fix: try Self.point(250, Double(step)), at: time)
        }
        #expect(!homeGuard.isHidden)
        // Visible (coming from outside 550 ft): the band keeps it visible, however long.
        try hover(300, expectHidden: false)
        // Inside 450 ft hides at once; back in the band it stays hidden.
        time += 10
        #expect(homeGuard.update(fix: try Self.point(120, 0), at: time))
        try hover(300, expectHidden: true)
    }

    @Test("visibility returns only after two fixes beyond 550 ft spanning 60 s")
    func dwell() throws {
        var homeGuard = HomeGuard(home: Self.home)
        func hidden(_ fix: Coordinate, _ time: Double) -> Bool { homeGuard.update(fix: fix, at: time) }
        let outside = try Self.point(200, 10)
        #expect(hidden(outside, 0))
        #expect(hidden(outside, 30))  // two fixes, only 30 s
        #expect(!hidden(outside, 60))  // 60 s since the first
        #expect(hidden(try Self.point(100, 10), 61))  // inside 450 ft: hidden at once
        #expect(hidden(outside, 62))
        #expect(hidden(try Self.point(160, 10), 100))  // band: dwell restarts
        #expect(hidden(outside, 130))
        #expect(!hidden(outside, 190))
    }

    @Test("the own 100 ft ring shows only when visible and at least 500 ft from Home")
    func ownRing() throws {
        var homeGuard = HomeGuard(home: Self.home)
        let far = try Self.point(400, 0)
        homeGuard.update(fix: far, at: 0)
        #expect(OwnPresenceRing.ring(for: far, guard: homeGuard) == nil)  // still hidden (dwell)
        homeGuard.update(fix: far, at: 60)
        let ring = try #require(OwnPresenceRing.ring(for: far, guard: homeGuard))
        #expect(ring.radiusMeters == 30.48)
        // Visible but at 145 m (< 500 ft, > 450 ft): no ring.
        let near = try Self.point(145, 0)
        homeGuard.update(fix: near, at: 61)
        #expect(!homeGuard.isHidden)
        #expect(OwnPresenceRing.ring(for: near, guard: homeGuard) == nil)
    }
}
