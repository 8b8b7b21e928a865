import Foundation
import Logging
import Testing

@testable import LociServer

/// How ingest is logged: the duration text of a log line, the once-a-minute ingest summary.
@Suite("Ingest summary, log durations")
struct IngestSummaryTests {
    @Test("log durations print milliseconds with two decimals")
    func milliseconds() {
        #expect(ServerServices.milliseconds(0.000_04) == "0.04")
        #expect(ServerServices.milliseconds(0.012_5) == "12.50")
        #expect(ServerServices.milliseconds(1.234_567) == "1234.57")
        #expect(ServerServices.milliseconds(0) == "0.00")
        #expect(ServerServices.milliseconds(-1) == "0.00")
        #expect(ServerServices.milliseconds(.nan) == "0.00")
    }

    @Test("one line a minute with the refusals since the last, and never a count of accepted reports")
    func summary() throws {
        var summary = IngestSummary()
        let start = ContinuousClock.now
        // The first call only sets the baseline.
        let baseline = summary.line(at: start, counts: ["accepted": 10])
        #expect(baseline == nil)
        let early = summary.line(at: start + .seconds(30), counts: ["accepted": 50])
        #expect(early == nil)
        let due = summary.line(at: start + .seconds(60), counts: ["accepted": 70, "double_spend": 2, "invalid_signature": 1])
        let line = try #require(due)
        #expect(line["accepted"] == nil)
        #expect(line.keys.allSatisfy { !$0.contains("accepted") })
        #expect(line["refused"] == .stringConvertible(3))
        #expect(line["refused_double_spend"] == .stringConvertible(2))
        #expect(line["refused_invalid_signature"] == .stringConvertible(1))
        #expect(line["seconds"] == .stringConvertible(60))
        // Nothing refused: no line, however many reports were accepted (the line's presence
        // would otherwise say that reports arrived).
        let quiet = summary.line(at: start + .seconds(125), counts: ["accepted": 900, "double_spend": 2, "invalid_signature": 1])
        #expect(quiet == nil)
        let later = summary.line(at: start + .seconds(190), counts: ["accepted": 971, "double_spend": 3, "invalid_signature": 1])
        let next = try #require(later)
        #expect(next["refused"] == .stringConvertible(1))
        #expect(next.count == 3)
    }
}
