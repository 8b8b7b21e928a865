import Foundation
import GPXKit
import GeoKit
import LociTestSupport
import TidepoolKit

/// Replays a track through a location policy the way ReportingModel reports: a device that is
/// Home at the track's first fix, a day's plan of tokens (DailyTokenPlan, seeded), each report
/// sent at its moment (or the first fix after it in the epoch) with the tile of the last fix the
/// app saw in the epoch when the guard let it through.
///
/// The phone is simulated from the track: in ``LocationMode/liveUpdates(_:)`` every track point
/// reaches the app; in ``LocationMode/monitoring(homeExit:)`` only a significant change (500 m
/// from the last fix delivered), a visit arrival (the track still for 5 minutes within 50 m), a
/// visit departure (150 m from the visit) or the exit of the Home region; in ``LocationMode/off``
/// nothing. The app's own timer wakes it at each report moment and, for the planner, the lead
/// time before it. Every delivery and timer wake counts as a wake-up.
struct PolicyReplay {
    /// A report the device sent.
    struct Report: Equatable, CustomStringConvertible {
        var epoch: Int64
        var tile: TileID
        var description: String { "e\(epoch):\(tile.rawValue)" }
    }

    /// What one replay gives.
    struct Outcome {
        var reports: [Report] = []
        /// Seconds with the GPS on (live updates in force).
        var gpsSeconds = 0.0
        /// Deliveries to the app plus timer wakes.
        var wakeUps = 0
        /// Track length, seconds.
        var durationSeconds = 0.0
        /// Reports whose fix was within the guard's hide radius of Home.
        var reportsInsideGuard = 0
        /// The modes in force, in order, without repeats.
        var modes: [LocationMode] = []

        var hours: Double { durationSeconds / 3_600 }
        var gpsMinutesPerHour: Double { gpsSeconds / 60 / max(hours, 1e-9) }
        var wakeUpsPerHour: Double { Double(wakeUps) / max(hours, 1e-9) }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Proximity/ProximityKitTests/Fixtures/tracks").standardized
    static let tracks = ["walk-kallio-to-market", "bike-to-work", "drive-across-town", "commuter-day", "parked-jitter"]

    /// The timed points of the committed track `name`.
    static func load(_ name: String) throws -> [(coordinate: Coordinate, time: Double)] {
        let document = try GPXReader.read(path: folder.appendingPathComponent("\(name).gpx").path)
        return document.trackPoints.compactMap { point in point.time.map { (point.coordinate, $0) } }
    }

    let fixes: [(coordinate: Coordinate, time: Double)]
    /// Tokens per day's worth of epochs (96 at 15 minutes: every epoch planned).
    let cap: Int
    var seed: UInt64 = 36

    /// Today's policy: live updates for the app's whole life.
    static let alwaysLive: @Sendable (LocationPolicy.Situation) -> LocationMode = { _ in .liveUpdates(.best) }

    /// Replays with `policy` deciding the mode before each event.
    /// - Parameter suspendedWhileMonitoring: timers do not fire while the mode is not live (iOS
    ///   suspends an app that only monitors), so a report waits for the next location event.
    func run(
        _ policy: (LocationPolicy.Situation) -> LocationMode, timerLead: Double = 0,
        suspendedWhileMonitoring: Bool = false
    ) -> Outcome {
        var outcome = Outcome()
        guard let first = fixes.first, let last = fixes.last else { return outcome }
        outcome.durationSeconds = last.time - first.time
        let schedule = EpochSchedule.standard
        let home = first.coordinate
        var random = SeededGenerator(seed: seed)
        let firstEpoch = schedule.epoch(at: first.time)
        let plan = DailyTokenPlan.make(
            firstEpoch: firstEpoch, cap: cap, windowEpochs: 96, fetchLeadSeconds: 0, using: &random)
        var tokens: [(epoch: Int64, moment: Double)] = plan.epochs.map {
            ($0, DailyTokenPlan.reportMoment(epoch: $0, using: &random))
        }
        var timers = tokens.flatMap { token in
            timerLead > 0 ? [token.moment - timerLead, token.moment] : [token.moment]
        }.sorted()

        var homeGuard = HomeGuard(home: home)
        var motion = MotionTracker()
        var observed: (epoch: Int64, tile: TileID?, fix: Coordinate)?
        var lastDelivered: Coordinate?
        // The system's own view of the track (visits are detected by iOS, not the app).
        var systemStay = MotionTracker()
        var visit: Coordinate?
        var visitAnnounced = false
        var insideHomeRegion = true
        var mode = LocationMode.off
        var modeSince = first.time

        func situation(at now: Double) -> LocationPolicy.Situation {
            let current = schedule.epoch(at: now)
            let held = tokens.filter { $0.epoch >= current }
            return LocationPolicy.Situation(
                appState: .background, reportingAllowed: true, now: now,
                reportDueThisEpoch: held.contains { $0.epoch == current },
                nextReportMoment: held.map(\.moment).min(), stillSeconds: motion.stillSeconds(at: now),
                hidden: homeGuard.isHidden, home: home,
                distanceFromHome: lastDelivered.map { Haversine.distance(home, $0) })
        }
        func decide(at now: Double) {
            let next = policy(situation(at: now))
            if next != mode {
                if mode.isLive { outcome.gpsSeconds += now - modeSince }
                mode = next
                modeSince = now
            }
            if outcome.modes.last != next { outcome.modes.append(next) }
        }
        func sendDue(at now: Double) {
            let current = schedule.epoch(at: now)
            tokens.removeAll { $0.epoch < current }
            guard let index = tokens.firstIndex(where: { $0.epoch == current && $0.moment <= now }),
                let observed, observed.epoch == current, let tile = observed.tile
            else { return }
            tokens.remove(at: index)
            outcome.reports.append(Report(epoch: current, tile: tile))
            if Haversine.distance(home, observed.fix) < homeGuard.configuration.hideBelowMeters {
                outcome.reportsInsideGuard += 1
            }
        }
        func deliver(_ fix: Coordinate, at time: Double) {
            outcome.wakeUps += 1
            lastDelivered = fix
            let hidden = homeGuard.update(fix: fix, at: time)
            motion.observe(fix, at: time)
            observed = (schedule.epoch(at: time), hidden ? nil : GridTiler.standard.tile(for: fix), fix)
            sendDue(at: time)
        }

        decide(at: first.time)
        for point in fixes {
            while let timer = timers.first, timer <= point.time {
                timers.removeFirst()
                if suspendedWhileMonitoring, !mode.isLive { continue }
                outcome.wakeUps += 1
                sendDue(at: timer)
                decide(at: timer)
            }
            systemStay.observe(point.coordinate, at: point.time)
            let stillFor = systemStay.stillSeconds(at: point.time) ?? 0
            var visitEvent = false
            if let place = visit, Haversine.distance(place, point.coordinate) > 150 {
                visit = nil
                visitAnnounced = false
                visitEvent = true  // departure
            }
            if visit == nil, stillFor >= 300, let anchor = systemStay.anchor {
                visit = anchor
            }
            if visit != nil, !visitAnnounced {
                visitAnnounced = true
                visitEvent = true  // arrival
            }
            // The region's edge is the guard's show radius; an exit fires on crossing it outwards.
            let nowInsideHomeRegion =
                Haversine.distance(home, point.coordinate) <= HomeGuard.Configuration().showAboveMeters
            defer { insideHomeRegion = nowInsideHomeRegion }
            let delivered: Bool
            switch mode {
            case .liveUpdates: delivered = true
            case .off: delivered = false
            case .monitoring(let exit):
                let significant = lastDelivered.map { Haversine.distance($0, point.coordinate) >= 500 } ?? true
                let exited = exit.map { _ in insideHomeRegion && !nowInsideHomeRegion } ?? false
                delivered = significant || exited || visitEvent
            }
            if delivered { deliver(point.coordinate, at: point.time) }
            decide(at: point.time)
        }
        if mode.isLive { outcome.gpsSeconds += last.time - modeSince }
        return outcome
    }
}
