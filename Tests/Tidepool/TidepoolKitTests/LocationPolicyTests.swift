import Foundation
import GeoKit
import LociTestSupport
import Testing
import TidepoolKit

@Suite("Location policy: the GPS only while it can change a report")
struct LocationPolicyTests {
    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let policy = LocationPolicy()

    /// A background situation away from Home, moving, with a report due later in the epoch.
    static func away(
        now: Double = 1_000, due: Bool = true, moment: Double? = 1_500, still: Double? = 10,
        hidden: Bool = false, distance: Double? = 2_000
    ) -> LocationPolicy.Situation {
        .init(
            appState: .background, reportingAllowed: true, now: now, reportDueThisEpoch: due,
            nextReportMoment: moment, stillSeconds: still, hidden: hidden, home: home, distanceFromHome: distance)
    }

    @Test("moving with a report due: live, a hundred metres away from Home, best near it")
    func movingDue() {
        #expect(Self.policy.mode(for: Self.away()) == .liveUpdates(.hundredMeters))
        #expect(Self.policy.mode(for: Self.away(distance: 200)) == .liveUpdates(.best))
        #expect(Self.policy.mode(for: Self.away(distance: nil)) == .liveUpdates(.best))
    }

    @Test("no report due this epoch and the moment far: monitoring, even when moving")
    func notDue() {
        #expect(Self.policy.mode(for: Self.away(due: false, moment: 5_000)) == .monitoring(homeExit: nil))
        #expect(Self.policy.mode(for: Self.away(due: false, moment: nil)) == .monitoring(homeExit: nil))
    }

    @Test("still past the back-off: monitoring until the moment's lead; then live until sent")
    func backOff() {
        #expect(Self.policy.mode(for: Self.away(still: 179)).isLive)
        #expect(Self.policy.mode(for: Self.away(still: 180)) == .monitoring(homeExit: nil))
        #expect(Self.policy.mode(for: Self.away(now: 1_380, still: 600)).isLive)
        #expect(Self.policy.mode(for: Self.away(now: 1_379, still: 600)) == .monitoring(homeExit: nil))
        // Past the moment and unsent (the guard hid the last fix, say): still live.
        #expect(Self.policy.mode(for: Self.away(now: 1_700, still: 600)).isLive)
    }

    @Test("hidden at Home and still: monitoring with the Home exit at the show radius, even at the moment")
    func atHome() {
        let mode = Self.policy.mode(for: Self.away(now: 1_500, still: 600, hidden: true, distance: 10))
        #expect(mode == .monitoring(homeExit: HomeExitRegion(center: Self.home, radiusMeters: 167.64)))
        // Moving inside the guard: live (the guard needs the fixes to see the exit).
        #expect(Self.policy.mode(for: Self.away(now: 1_500, still: 5, hidden: true, distance: 10)) == .liveUpdates(.best))
    }

    @Test("the map on screen is live at best accuracy; reporting off is off, in the background")
    func foregroundAndOff() {
        var situation = Self.away(due: false, moment: nil)
        situation.appState = .foreground
        situation.mapOnScreen = true
        situation.reportingAllowed = false
        #expect(Self.policy.mode(for: situation) == .liveUpdates(.best))
        situation.mapOnScreen = false
        #expect(Self.policy.mode(for: situation) == .off)
        situation.appState = .background
        situation.mapOnScreen = true
        #expect(Self.policy.mode(for: situation) == .off)
    }

    @Test("motion: jitter inside 50 m is still; a move out of the circle restarts the stay")
    func motion() throws {
        var tracker = MotionTracker()
        #expect(tracker.stillSeconds(at: 0) == nil)
        tracker.observe(Self.home, at: 0)
        tracker.observe(try Spherical.destination(from: Self.home, bearing: 0, distance: 30), at: 100)
        #expect(tracker.stillSeconds(at: 200) == 200)
        tracker.observe(try Spherical.destination(from: Self.home, bearing: 0, distance: 80), at: 300)
        #expect(tracker.stillSeconds(at: 310) == 10)
    }

    @Test("the recording fake keeps the modes without repeats and counts wake-ups")
    func recorder() async {
        let recorder = RecordingLocationModes()
        await recorder.apply(.off)
        await recorder.apply(.off)
        await recorder.apply(.liveUpdates(.best))
        await recorder.recordWakeUp()
        #expect(await recorder.modes == [.off, .liveUpdates(.best)])
        #expect(await recorder.wakeUps == 1)
        #expect(await recorder.current == .liveUpdates(.best))
    }
}

@Suite("Location policy replayed on the committed tracks: same reports, less GPS")
struct LocationPolicyReplayTests {
    static let planner: @Sendable (LocationPolicy.Situation) -> LocationMode = { LocationPolicy().mode(for: $0) }

    @Test(
        "every track, every epoch planned or a quarter of them: the planner sends exactly today's reports, none inside the guard",
        arguments: PolicyReplay.tracks, [96, 24])
    func sameReports(track: String, cap: Int) throws {
        let replay = PolicyReplay(fixes: try PolicyReplay.load(track), cap: cap)
        let today = replay.run(PolicyReplay.alwaysLive)
        let after = replay.run(Self.planner, timerLead: LocationPolicy.Configuration().momentLeadSeconds)
        #expect(after.reports == today.reports, "\(track) cap \(cap)")
        #expect(after.reportsInsideGuard == 0 && today.reportsInsideGuard == 0)
        #expect(after.gpsSeconds <= today.gpsSeconds)
        #expect(abs(today.gpsSeconds - today.durationSeconds) < 1)
        print(
            String(
                format: "| %@ | %d | %.2f | %d | %.1f | %.1f | %.0f | %.0f |", track, cap, today.hours,
                today.reports.count, today.gpsMinutesPerHour, after.gpsMinutesPerHour, today.wakeUpsPerHour,
                after.wakeUpsPerHour))
    }

    @Test(
        "without timer wakes while only monitoring (a suspended app), reports may move but none comes from inside the guard",
        arguments: PolicyReplay.tracks)
    func suspended(track: String) throws {
        let replay = PolicyReplay(fixes: try PolicyReplay.load(track), cap: 24)
        let today = replay.run(PolicyReplay.alwaysLive)
        let after = replay.run(
            Self.planner, timerLead: LocationPolicy.Configuration().momentLeadSeconds, suspendedWhileMonitoring: true)
        #expect(after.reportsInsideGuard == 0)
        #expect(after.reports.count <= today.reports.count)
        let same = Set(after.reports.map(\.description)).intersection(today.reports.map(\.description)).count
        print(
            String(
                format: "| %@ (suspended) | 24 | %d of %d | %.1f | %.0f |", track, same, today.reports.count,
                after.gpsMinutesPerHour, after.wakeUpsPerHour))
    }

    @Test("the comparison has teeth: a policy that never turns the GPS on sends other reports")
    func brokenPolicy() throws {
        let replay = PolicyReplay(fixes: try PolicyReplay.load("commuter-day"), cap: 96)
        let today = replay.run(PolicyReplay.alwaysLive)
        let monitoringOnly = replay.run { _ in .monitoring(homeExit: nil) }
        #expect(!today.reports.isEmpty)
        #expect(monitoringOnly.reports != today.reports)
        #expect(monitoringOnly.gpsSeconds == 0)
    }
}
