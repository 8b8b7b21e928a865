import ArgumentParser
import GPXKit
import LociBenchmarks
import ProximityKit

/// `loci bench proximity`: planner step and day-long replays.
struct BenchProximityCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "proximity",
        abstract: "Measure the Proximity planner: one step over 100,000 places and a 24 h replay over 10,000.",
        discussion: """
            Build in release mode. The day comes from --track (a GPX with <time>; e.g. the commuter day at 1 Hz \
            from scripts/make-tracks --full-day-1hz) or is synthesised (86,400 fixes at 1 Hz around Helsinki). \
            Reports wake-ups per hour in both wake-up modes. Tile38's NEARBY (published; it cannot be installed \
            here) is the anchor for the query, so the ratio is against that figure.
            """)

    @Option(help: "A GPX track to replay instead of the synthetic day.") var track: String?
    @Option(parsing: .unconditional, help: "Saved places for the planner step (default 100000).", transform: NumberArgument.whole) var stepPlaces = 100_000
    @Option(parsing: .unconditional, help: "Saved places for the replays (default 10000).", transform: NumberArgument.whole) var replayPlaces = 10_000
    @OptionGroup var options: BenchOptions

    func validate() throws {
        try options.refuseScript("proximity")
        guard stepPlaces > 0 else { throw ValidationError("--step-places must be positive") }
        guard replayPlaces > 0 else { throw ValidationError("--replay-places must be positive") }
        if let track { try FileArgument.readable(track, option: "--track", expected: "a GPX track") }
    }

    func run() async throws {
        var fixes: [LocationFix]?
        if let track {
            let document: GPXDocument
            do { document = try GPXReader.read(path: track) } catch { throw InputError("\(error)") }
            let timed = RecordedTrack.timedFixes(document)
            guard timed.count > 1 else { throw InputError("--track: no timed points in \(track)") }
            fixes = timed
        }
        try await options.run(ProximityBench(track: fixes, stepPlaces: stepPlaces, replayPlaces: replayPlaces))
    }
}
