import GeoKit
import LociTestSupport
import Testing
import TidepoolKit

@Suite("A fix that may not be reported moves the guard and the ring, not the scheduler")
struct PresenceReporterPausedTests {
    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let away = Coordinate(uncheckedLatitude: 60.1800, longitude: 24.9600)

    @Test("fixes while reporting is off show the ring but leave the epoch's report for later")
    func paused() {
        var rng = SeededGenerator(seed: 5)
        var reporter = PresenceReporter(home: Self.home)
        let start = 900.0 * 1_000
        var outputs: [PresenceReporter.Output] = []
        for step in 0..<4 {
            outputs.append(reporter.observeWithoutReporting(fix: Self.away, at: start + Double(step) * 30))
        }
        #expect(outputs.last?.hidden == false)
        #expect(outputs.last?.ring != nil)
        #expect(outputs.allSatisfy { $0.report == nil })
        // Switched on later in the same epoch: the first fix reports (the epoch was not used up).
        let on = reporter.observe(fix: Self.away, at: start + 150, appState: .foreground, using: &rng)
        #expect(on.report?.epoch == 1_000)
    }
}
