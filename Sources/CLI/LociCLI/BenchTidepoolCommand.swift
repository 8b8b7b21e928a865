import ArgumentParser
import LociBenchmarks

/// `loci bench tidepool`: epoch close, token verification and heat reads against the issue's
/// targets, with RSA-PSS verification in Python's `cryptography` (OpenSSL) as the token anchor.
struct BenchTidepoolCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidepool",
        abstract: "Measure Tidepool's epoch close, token verification and heat reads.",
        discussion: """
            Build in release mode: swift run -c release loci bench tidepool. The token anchor \
            runs scripts/bench-tidepool-anchor.py (python3 with cryptography) in the same session; \
            the ratio is anchor time ÷ Loci time (above 1: Loci is faster).
            """
    )

    @Flag(help: "A smaller run (100 k reports, 300 tokens) for smoke checks.")
    var quick = false

    @OptionGroup var options: BenchOptions

    func run() async throws {
        try await options.run(TidepoolBench(sizes: quick ? .quick : .full))
    }
}
