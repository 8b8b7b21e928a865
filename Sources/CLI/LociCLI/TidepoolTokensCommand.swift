import ArgumentParser
import Foundation
import TidepoolSimulation

/// `loci tidepool tokens`: real, unspent ingest bodies for a load test of a running server.
struct TidepoolTokensCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "Mint real one-use ingest bodies against a running loci serve (for load tests).",
        discussion: """
            Registers --count devices, gets each one blind token for the server's current epoch \
            and writes the unspent redemption bodies, one JSON object per line, to --out. Each \
            body is accepted once (202) until that epoch ends; scripts/load-ingest spends them. \
            Start the server without rate limits (LOCI_RATE_LIMIT_PER_CLIENT=1e9) and with an \
            epoch long enough for the run.
            """
    )

    @Option(name: .customLong("server"), help: "The running loci serve, e.g. http://127.0.0.1:8080.")
    var server: String

    @Option(parsing: .unconditional, help: "Bodies (devices) to mint (default 10000).", transform: NumberArgument.whole)
    var count = 10_000

    @Option(parsing: .unconditional, help: "Requests in flight while minting (default 8).", transform: NumberArgument.whole)
    var concurrency = 8

    @Option(
        name: .customLong("min-seconds"), parsing: .unconditional,
        help: "Wait for the next epoch when fewer seconds than this are left in the current one (default 0).", transform: NumberArgument.whole)
    var minSeconds: Int64 = 0

    @Option(name: .customLong("out"), help: "The file to write (one JSON body per line).")
    var out: String

    mutating func run() async throws {
        let url = try URLArgument.http(server, option: "--server")
        try FileArgument.writable(out, option: "--out")
        let driver = ServerDriver(server: url, users: 1, epochs: 1, seed: 0)
        let minted = try await driver.mintRedemptions(
            count: count, concurrency: concurrency, minimumSeconds: minSeconds
        ) { step in
            FileHandle.standardError.write(Data("loci tidepool: \(step)\n".utf8))
        }
        var file = Data()
        for body in minted.bodies {
            file.append(body)
            file.append(UInt8(ascii: "\n"))
        }
        do {
            try file.write(to: URL(fileURLWithPath: out), options: .atomic)
        } catch {
            throw InputError("--out: cannot write '\(out)': \(error.localizedDescription)")
        }
        let left = minted.secondsLeft.map { ", \($0) s left in it" } ?? ""
        print("\(minted.bodies.count) bodies for epoch \(minted.epoch)\(left) written to \(out)")
    }
}
