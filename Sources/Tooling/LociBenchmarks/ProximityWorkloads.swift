import Foundation
import GeoKit
import ProximityKit
import SeededRandom

/// Workloads behind `loci bench proximity`: one planner step over many saved places, and whole
/// replays of a day-long track in both wake-up modes.
public enum ProximityWorkloads {
    /// One workload's figures.
    public struct Result: Sendable, Codable {
        /// Workload name.
        public var workload: String
        /// What was measured.
        public var detail: String
        /// Per-operation timings.
        public var statistics: TimingStatistics
        /// The target median, when the issue sets one.
        public var targetNanoseconds: Double?
        /// Extra numbers (wake-ups per hour, notifications, …).
        public var notes: [String: Double]
    }

    /// `count` places uniformly (by area) within `radius` metres of `center`, one active trip with a
    /// 200 m alert radius.
    public static func catalog(places count: Int, around center: Coordinate, radius: Double, seed: UInt64) -> PlaceCatalog {
        var rng = SplitMix64(seed: seed)
        let points = GeoWorkloads.cityPoints(count, around: center, radius: radius, using: &rng)
        let places = points.enumerated().map { SavedPlace(id: "p\($0)", tripID: "bench", name: "Place \($0)", coordinate: $1) }
        return PlaceCatalog(places: places, trips: [Trip(id: "bench", name: "Bench", alertRadius: 200, timeZone: "Europe/Helsinki")])
    }

    /// A synthetic day at 1 Hz (86,400 fixes) for when no recorded track is given: a random walk
    /// at walking, cycling and driving speeds around `center`, turning every minute.
    public static func syntheticDay(around center: Coordinate, seed: UInt64) -> [LocationFix] {
        var rng = SplitMix64(seed: seed)
        var position = center
        var bearing = 0.0
        var fixes: [LocationFix] = []
        fixes.reserveCapacity(86_400)
        let start = 1_750_039_200.0  // 2025-06-16T02:00:00Z, 05:00 in Helsinki
        for second in 0..<86_400 {
            if second % 60 == 0 { bearing = Double.random(in: 0..<360, using: &rng) }
            let hour = second / 3_600
            let speed: Double = hour < 3 || hour > 20 ? 0 : (hour % 4 == 0 ? 10 : (hour % 2 == 0 ? 5 : 1.4))
            if speed > 0, let next = try? Spherical.destination(from: position, bearing: bearing, distance: speed) {
                position = Haversine.distance(next, center) < 15_000 ? next : position
            }
            fixes.append(LocationFix(coordinate: position, accuracy: 8, time: start + Double(second)))
        }
        return fixes
    }

    /// Median time of one planner step (fixes from `track`, cycled) over `catalog`.
    public static func plannerStep(_ catalog: PlaceCatalog, track: [LocationFix], steps: Int) -> Result {
        let planner = ProximityPlanner(catalog: catalog)
        var state = PlannerState()
        var samples: [Double] = []
        samples.reserveCapacity(steps)
        var notifications = 0
        for index in 0..<steps {
            var fix = track[index % track.count]
            fix.time = track[0].time + Double(index)
            var output: PlannerOutput?
            samples.append(Stopwatch.nanoseconds { output = planner.step(state, .fix(fix)) })
            if let output {
                state = output.state
                notifications += output.notifications.count
            }
        }
        return Result(
            workload: "planner-step-\(catalog.places.count / 1_000)k", detail: "one fix through the planner, \(catalog.places.count) saved places",
            statistics: TimingStatistics(samples: samples), targetNanoseconds: 50_000, notes: ["notifications": Double(notifications)])
    }

    /// Whole replays of `track` over `catalog` in `mode`, `rounds` times.
    public static func replay(_ catalog: PlaceCatalog, track: [LocationFix], mode: WakeupMode, rounds: Int) -> Result {
        let replay = TrackReplay(planner: ProximityPlanner(catalog: catalog), mode: mode)
        var report: ReplayReport?
        let samples = (0..<rounds).map { _ in Stopwatch.nanoseconds { report = replay.run(track) } }
        let hours = (track.last!.time - track.first!.time) / 3_600
        return Result(
            workload: "replay-\(mode.rawValue)", detail: "\(track.count) fixes (\(String(format: "%.1f", hours)) h), \(catalog.places.count) places",
            statistics: TimingStatistics(samples: samples), targetNanoseconds: mode == .everyFix ? 1e9 : nil,
            notes: [
                "wakeups": Double(report?.wakeIndices.count ?? 0), "wakeups_per_hour": report?.wakeupsPerHour ?? 0,
                "notifications": Double(report?.timeline.count ?? 0), "missed": Double(report?.missed.count ?? 0),
                "duplicates": Double(report?.duplicates ?? 0),
            ])
    }
}
