import ArgumentParser
import Foundation
import GPXKit
import GeoKit
import LociBenchmarks
import ProximityKit

/// `loci bench proximity`: planner step and day-long replays.
struct BenchProximityCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proximity",
        abstract: "Measure the Proximity planner: one step over 100,000 places and a 24 h replay over 10,000.",
        discussion: """
            Build in release mode. The day comes from --track (a GPX with <time>; e.g. the commuter day at 1 Hz \
            from scripts/make-tracks --full-day-1hz) or is synthesised (86,400 fixes at 1 Hz around Helsinki). \
            Reports wake-ups per hour in both wake-up modes. Tile38's NEARBY (≈ 250 µs over 3 M points, \
            published) is the anchor for the query; it cannot be installed here, so the ratio is against that figure.
            """)

    @Option(help: "A GPX track to replay instead of the synthetic day.") var track: String?
    @Option(help: "Saved places for the planner step (default 100000).") var stepPlaces = 100_000
    @Option(help: "Saved places for the replays (default 10000).") var replayPlaces = 10_000
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
        let fixes: [LocationFix]
        if let track {
            let document: GPXDocument
            do { document = try GPXReader.read(path: track) } catch { throw InputError("\(error)") }
            fixes = document.trackPoints.compactMap { p in p.time.map { LocationFix(coordinate: p.coordinate, accuracy: (p.hdop ?? 2) * 5, time: $0) } }
            guard fixes.count > 1 else { throw InputError("--track: no timed points in \(track)") }
        } else {
            fixes = ProximityWorkloads.syntheticDay(around: center, seed: 7)
        }
        var results: [ProximityWorkloads.Result] = []
        let big = ProximityWorkloads.catalog(places: stepPlaces, around: center, radius: 15_000, seed: 1)
        results.append(ProximityWorkloads.plannerStep(big, track: fixes, steps: 20_000))
        let small = ProximityWorkloads.catalog(places: replayPlaces, around: center, radius: 15_000, seed: 2)
        for mode in WakeupMode.allCases { results.append(ProximityWorkloads.replay(small, track: fixes, mode: mode, rounds: 3)) }
        if json {
            print(try OutputFormat.json(results))
            return
        }
        print("| workload | detail | median | p95 | target | notes |")
        print("|---|---|---|---|---|---|")
        for r in results {
            let median = Self.format(r.statistics.medianNanoseconds), p95 = Self.format(r.statistics.p95Nanoseconds)
            let target = r.targetNanoseconds.map { "≤ \(Self.format($0)) \(r.statistics.medianNanoseconds <= $0 ? "✅" : "❌")" } ?? ""
            let notes = r.notes.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: $0.value == $0.value.rounded() ? "%.0f" : "%.1f", $0.value))" }
                .joined(separator: ", ")
            print("| \(r.workload) | \(r.detail) | \(median) | \(p95) | \(target) | \(notes) |")
        }
        let step = results[0].statistics.medianNanoseconds
        print("\nTile38 NEARBY (published ≈ 250 µs over 3 M points) ÷ planner step: \(String(format: "%.0f", 250_000 / step))×")
    }

    static func format(_ ns: Double) -> String {
        ns >= 1e9 ? String(format: "%.2f s", ns / 1e9) : ns >= 1e6 ? String(format: "%.2f ms", ns / 1e6) : String(format: "%.1f µs", ns / 1e3)
    }
}
