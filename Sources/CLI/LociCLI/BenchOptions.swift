import ArgumentParser
import Foundation
import LociBenchmarks

/// The options every `loci bench` subcommand shares: output format and anchors.
struct BenchOptions: ParsableArguments {
    @Flag(help: "Print JSON instead of a Markdown table.")
    var json = false

    @Flag(name: .customLong("no-anchors"), help: "Skip the anchors that run outside this process (scripts, other tools).")
    var noAnchors = false

    @Option(help: "Path of the anchor script, for workloads that have one (default: theirs under scripts/).")
    var anchors: String?

    /// Runs `workload` with these options and prints its output; progress goes to standard error.
    func run<Workload: BenchWorkload>(_ workload: Workload) async throws {
        let name = Workload.name
        // A script that is not there is refused before a long benchmark runs, not after it.
        if let anchors { try FileArgument.readable(anchors, option: "--anchors", expected: "an anchor script") }
        #if DEBUG
            ProgressLine.note(
                "loci bench \(name): this is a debug build; numbers are not meaningful (use swift run -c release loci bench \(name))")
        #endif
        let output = try await workload.run(anchors: BenchAnchors(runExternal: !noAnchors, script: anchors)) { step in
            ProgressLine.note("loci bench \(name): \(step)")
        }
        print(json ? try CLIJSON.pretty(output) : workload.markdown(output))
    }
}

extension BenchOptions {

    /// Refuses `--anchors` for a workload whose anchors are not a script.
    func refuseScript(_ subcommand: String) throws {
        if anchors != nil {
            throw ValidationError("--anchors: loci bench \(subcommand) has no anchor script")
        }
    }
}
