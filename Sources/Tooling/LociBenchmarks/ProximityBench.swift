import Foundation
import GeoKit
import ProximityKit

/// `loci bench proximity`: one planner step over many saved places and day-long replays in both
/// wake-up modes. Tile38's NEARBY (published, ≈ 250 µs over 3 M points) is the anchor for the
/// step: it cannot be installed here, so the ratio is against that figure, not a same-run one.
public struct ProximityBench: BenchWorkload {
    public static let name = "proximity"
    /// Tile38's published NEARBY time over 3 M points, nanoseconds.
    public static let tile38NearbyNanoseconds = 250_000.0

    /// The day to replay; nil synthesises one at 1 Hz around Helsinki.
    public var track: [LocationFix]?
    /// Saved places for the planner step.
    public var stepPlaces: Int
    /// Saved places for the replays.
    public var replayPlaces: Int

    /// A run over `track` (or the synthetic day) with these catalogue sizes.
    public init(track: [LocationFix]?, stepPlaces: Int, replayPlaces: Int) {
        self.track = track
        self.stepPlaces = stepPlaces
        self.replayPlaces = replayPlaces
    }

    /// Runs the step and the replays; the anchor is a published figure, so `anchors` changes nothing.
    public func run(
        anchors: BenchAnchors, log: @escaping @Sendable (String) -> Void
    ) async throws -> [ProximityWorkloads.Result] {
        let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
        let fixes = track ?? ProximityWorkloads.syntheticDay(around: center, seed: 7)
        log("planner step over \(stepPlaces) places")
        let big = ProximityWorkloads.catalog(places: stepPlaces, around: center, radius: 15_000, seed: 1)
        var results = [ProximityWorkloads.plannerStep(big, track: fixes, steps: 20_000)]
        let small = ProximityWorkloads.catalog(places: replayPlaces, around: center, radius: 15_000, seed: 2)
        for mode in WakeupMode.allCases {
            log("replay (\(mode))")
            results.append(ProximityWorkloads.replay(small, track: fixes, mode: mode, rounds: 3))
        }
        return results
    }

    public func markdown(_ results: [ProximityWorkloads.Result]) -> String {
        let f = BenchFormat.duration
        var lines = ["| workload | detail | median | p95 | target | notes |", "|---|---|---|---|---|---|"]
        for r in results {
            let median = r.statistics.medianNanoseconds
            let target = r.targetNanoseconds.map { "≤ \(f($0)) \(median <= $0 ? "✅" : "❌")" } ?? ""
            let notes = r.notes.sorted { $0.key < $1.key }.map {
                "\($0.key) \(String(format: $0.value == $0.value.rounded() ? "%.0f" : "%.1f", $0.value))"
            }.joined(separator: ", ")
            lines.append("| \(r.workload) | \(r.detail) | \(f(median)) | \(f(r.statistics.p95Nanoseconds)) | \(target) | \(notes) |")
        }
        if let step = results.first?.statistics.medianNanoseconds {
            lines.append(
                "\nTile38 NEARBY (published ≈ 250 µs over 3 M points) ÷ planner step: "
                    + String(format: "%.0f", Self.tile38NearbyNanoseconds / step) + "×")
        }
        return lines.joined(separator: "\n")
    }
}
