import Foundation
import GeoKit
import InterestCodebook
import LociTestSupport
import Testing
import TidepoolKit

@Suite("The device sends a facet index, never its vector, in at most K epochs a day")
struct PresenceReporterFacetTests {
    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let away = Coordinate(uncheckedLatitude: 60.1800, longitude: 24.9600)  // ≈ 1.6 km

    /// Feeds `fixes` fixes every 30 s from `start`, all away from Home; the reports made.
    static func reports(
        _ reporter: inout PresenceReporter, from start: Double, seconds: Double, using rng: inout SeededGenerator
    ) -> [ScheduledReport] {
        var result: [ScheduledReport] = []
        var t = start
        while t < start + seconds {
            if let report = reporter.observe(fix: away, at: t, appState: .foreground, using: &rng).report {
                result.append(report)
            }
            t += 30
        }
        return result
    }

    @Test("a report carries the nearest facet of the user's vector; no vector, no facet")
    func facet() throws {
        let codebook = try FacetCodebook(version: "v", centroids: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])
        var rng = SeededGenerator(seed: 3)
        var reporter = PresenceReporter(home: Self.home)
        reporter.setInterest([0.1, 0.2, 0.9], codebook: codebook)
        #expect(reporter.facet == 2)
        let sent = Self.reports(&reporter, from: 900 * 1_000, seconds: 3_600, using: &rng)
        #expect(!sent.isEmpty)
        #expect(sent.allSatisfy { $0.facet == 2 })
        reporter.setInterest(nil, codebook: codebook)
        let later = Self.reports(&reporter, from: 900 * 1_010, seconds: 3_600, using: &rng)
        #expect(!later.isEmpty && later.allSatisfy { $0.facet == nil })
    }

    @Test("the daily sampler reports in at most K epochs of a UTC day, and again the next day")
    func dailyCap() throws {
        var rng = SeededGenerator(seed: 4)
        var reporter = PresenceReporter(
            home: Self.home, sampler: try DailyEpochSampler(dailyCap: 3, probability: 0.5))
        let dayStart = 86_400.0 * 20_000
        let sent = Self.reports(&reporter, from: dayStart, seconds: 86_400, using: &rng)
        #expect(Set(sent.map(\.epoch)).count == 3)
        #expect(sent.count == 3)
        let next = Self.reports(&reporter, from: dayStart + 86_400, seconds: 4 * 3_600, using: &rng)
        #expect(!next.isEmpty)
        #expect(throws: TidepoolKitError.self) { try DailyEpochSampler(dailyCap: 0, probability: 0.5) }
        #expect(throws: TidepoolKitError.self) { try DailyEpochSampler(dailyCap: 2, probability: 0) }
    }
}
