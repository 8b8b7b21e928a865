import Foundation
import Testing

@Suite("loci bench tidepool, run as a process")
struct BenchTidepoolCommandTests {
    @Test("the table has one row per workload: epoch close, token verification, heat read, each once")
    func oneRowPerWorkload() throws {
        let result = try LociProcess.run("bench", "tidepool", "--quick", "--no-anchors")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let rows = result.stdout.split(separator: "\n").filter { $0.hasPrefix("| tidepool-") }
        let names = rows.compactMap { $0.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(names == ["tidepool-epoch-close", "tidepool-token-verify", "tidepool-heat-read"], "\(result.stdout)")
        let progress = result.stderr.split(separator: "\n").filter { $0.contains("heat read:") }
        #expect(progress.count == 1, "\(result.stderr)")
    }
}
