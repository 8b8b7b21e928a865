import Foundation
import Testing

@testable import IdentifyKit

@Suite struct QuotaTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
        "quota-\(UUID().uuidString).json"
    ).path
    let utc = TimeZone(identifier: "UTC")!
    // 2026-11-30T23:00:00Z and 2026-12-01T00:30:00Z.
    let lateNovember = Date(timeIntervalSince1970: 1_796_079_600)
    let earlyDecember = Date(timeIntervalSince1970: 1_796_085_000)

    @Test func countsUpToTheLimitAndSurvivesARestart() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        let quota = FileIdentificationQuota(path: path, monthlyLimit: 3, timeZone: utc)
        #expect(try quota.consume(at: lateNovember) == .allowed(remaining: 2))
        #expect(try quota.consume(at: lateNovember) == .allowed(remaining: 1))
        // A new process: a fresh value over the same file sees the count.
        let restarted = FileIdentificationQuota(path: path, monthlyLimit: 3, timeZone: utc)
        #expect(try restarted.remaining(at: lateNovember) == 1)
        #expect(try restarted.consume(at: lateNovember) == .allowed(remaining: 0))
        #expect(
            try restarted.consume(at: lateNovember)
                == .limitReached(limit: 3, resetsAt: Date(timeIntervalSince1970: 1_796_083_200)))
        // December 1st (UTC) starts a new month.
        #expect(try restarted.consume(at: earlyDecember) == .allowed(remaining: 2))
    }

    @Test func monthsFollowTheDeviceTimeZone() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        // 00:30 UTC on December 1st is still November 30th in New York.
        let newYork = FileIdentificationQuota(
            path: path, monthlyLimit: 1, timeZone: TimeZone(identifier: "America/New_York")!)
        #expect(try newYork.consume(at: lateNovember) == .allowed(remaining: 0))
        guard case .limitReached = try newYork.consume(at: earlyDecember) else {
            Issue.record("December 1st 00:30 UTC counted as a new month in New York")
            return
        }
    }

    @Test func damagedFileIsAnErrorNotAReset() throws {
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data("{\"month\": 5}".utf8).write(to: URL(fileURLWithPath: path))
        let quota = FileIdentificationQuota(path: path, monthlyLimit: 3, timeZone: utc)
        #expect(throws: QuotaError.self) { try quota.consume(at: lateNovember) }
    }
}
