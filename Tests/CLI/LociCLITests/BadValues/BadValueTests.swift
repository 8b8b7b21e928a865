import Foundation
import LociTestSupport
import Synchronization
import Testing

/// Every command of `loci`, read from ArgumentParser's own description of the tree, is run with a
/// bad value for each of its arguments: the refusal names the argument (or file), says what was
/// expected, speaks no internals, and exits non-zero.
@Suite(
    "Every command refuses a bad value for each of its arguments in the user's words",
    .enabled(if: SharedData.has("osm/monaco.osm.pbf"), Comment(rawValue: SharedData.missingMessage("osm/monaco.osm.pbf"))))
struct BadValueTests {
    static func tree() throws -> CommandTree {
        let dump = try LociProcess.run("--experimental-dump-help")
        try #require(dump.status == 0, "stderr: \(dump.stderr)")
        return try CommandTree(dumpHelpJSON: Data(dump.stdout.utf8))
    }

    @Test("the tree is read whole: commands at every depth, options and positionals")
    func treeIsWhole() throws {
        let keys = Set(try Self.tree().arguments.map(\.key))
        for key in ["search --radius", "trips create --start", "bench places --places", "import FILE", "serve --epoch-seconds"] {
            #expect(keys.contains(key), "\(key) missing from the dumped tree")
        }
    }

    @Test("every argument has a bad-value case or a reviewed exemption")
    func everyArgumentIsCovered() throws {
        let arguments = try Self.tree().arguments
        let uncovered = arguments.filter {
            BadValueCatalogue.exempt[$0.key] == nil && BadValueCatalogue.kind(of: $0) == nil
        }
        #expect(uncovered.isEmpty, "no bad-value case or exemption in BadValueCatalogue for: \(uncovered)")
        let known = Set(arguments.map(\.key))
        let stale = Set(BadValueCatalogue.exempt.keys).union(BadValueCatalogue.byKey.keys).subtracting(known)
        #expect(stale.isEmpty, "catalogue entries for arguments loci no longer has: \(stale.sorted())")
    }

    @Test("each bad value is refused naming the argument and what was expected, with a non-zero status")
    func badValuesAreRefusedClearly() throws {
        let tree = try Self.tree()
        let fixture = try BadValueFixture.make()
        defer { fixture.remove() }
        let runs = tree.arguments.flatMap { BadValueCatalogue.runs(for: $0, in: tree, fixture: fixture) }
        // About 250 runs today; far fewer means the tree or the catalogue lost most of itself.
        try #require(runs.count > 150, "only \(runs.count) runs planned")

        let findings = Mutex<[(run: BadValueRun, problems: [String], stderr: String)]>([])
        let next = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            while true {
                let index = next.withLock { value in
                    defer { value += 1 }
                    return value
                }
                guard index < runs.count else { return }
                let run = runs[index]
                let result = try? LociProcess.run(run.arguments, environment: fixture.environment, timeout: 60)
                let problems = result == nil ? ["did not finish in 60 s"] : run.problems(result)
                if !problems.isEmpty {
                    findings.withLock { $0.append((run, problems, result?.stderr ?? "")) }
                }
            }
        }
        for finding in findings.withLock({ $0 }).sorted(by: { $0.run.description < $1.run.description }) {
            Issue.record("\(finding.run): \(finding.problems.joined(separator: "; "))\n  stderr: \(finding.stderr)")
        }
    }
}
