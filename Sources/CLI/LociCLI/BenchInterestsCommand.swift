import ArgumentParser
import LociBenchmarks

/// `loci bench interests`: user-vector update and tile scan against the targets, with
/// numpy and a naive `[Double]` implementation timed in the same session as anchors.
struct BenchInterestsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "interests",
        abstract:
            "Measure Tidepool's interest vectors: user-vector update and the viewer × tiles cosine scan.",
        discussion: """
            Build in release mode: swift run -c release loci bench interests. Anchors in the same \
            session: numpy (scripts/bench-interests-anchor.py, float32 BLAS; --no-anchors skips it) \
            and the same arithmetic on plain [Double] rows in this process (always); the ratio is \
            anchor time ÷ Loci time (above 1: Loci is faster).
            """
    )

    @Flag(help: "A smaller run (10 000 tiles) for smoke checks.")
    var quick = false

    @OptionGroup var options: BenchOptions

    func run() async throws {
        try await options.run(InterestsBench(sizes: quick ? .quick : .full))
    }
}
