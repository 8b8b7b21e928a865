import ArgumentParser
import LociBenchmarks

/// `loci bench library`: And Away's export and import of 10,000 bookmarks and its queries, with
/// Python's json, csv and sqlite3 doing the same in the same session.
struct BenchLibraryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "library",
        abstract:
            "Measure the library: export and re-import of 10,000 bookmarks in each format, and its queries.",
        discussion: """
            Build in release mode. Export is store → file (read the library, write the format, atomic write); import is \
            file → parse → check every record → a new store in one transaction. The anchor (scripts/bench-library-anchor.py, \
            stdlib only) does the same with Python's json, csv and sqlite3 on the same files and schema; it checks no \
            field, so it is the floor of a plain implementation. Ratio is anchor ÷ Loci: above 1 means Loci is faster.
            """)

    @Option(parsing: .unconditional, help: "Bookmarks in the library (default 10000).", transform: NumberArgument.whole) var bookmarks = 10_000
    @Option(parsing: .unconditional, help: "Rounds per export and import (default 5).", transform: NumberArgument.whole) var rounds = 5
    @OptionGroup var options: BenchOptions

    func validate() throws {
        guard bookmarks > 0 else { throw ValidationError("--bookmarks must be positive") }
        guard rounds > 0 else { throw ValidationError("--rounds must be positive") }
    }

    func run() async throws {
        try await options.run(LibraryBench(bookmarks: bookmarks, rounds: rounds))
    }
}
