import Foundation
import Testing

@testable import ProximityKit

/// Low Power Mode on the committed Helsinki tracks (`scripts/make-tracks`), each replayed as iOS
/// wakes the app (``WakeupMode/ios``) with Low Power Mode off and on: the larger refresh region
/// wakes the app to re-plan less often, and every place announced with it off is announced with
/// it on. The table in `docs/proximity.md` ("Low Power Mode") is what this prints:
/// `swift test --filter LowPowerReplayTests`.
@Suite("Low Power Mode on the committed tracks")
struct LowPowerReplayTests {
    struct Row {
        var track: String
        var off: ReplayReport
        var on: ReplayReport
    }

    static func replay(_ track: String) throws -> Row {
        let (fixes, set, _) = try CommittedTrackTests.load(track)
        let normal = CommittedTrackTests.planner(set)
        var saving = normal
        saving.lowPowerMode = true
        return Row(
            track: track, off: TrackReplay(planner: normal, mode: .ios).run(fixes),
            on: TrackReplay(planner: saving, mode: .ios).run(fixes))
    }

    static func announced(_ report: ReplayReport) -> Set<String> { Set(report.timeline.flatMap(\.notification.placeIDs)) }

    @Test("never more wake-ups or re-plans, the same places announced, nothing newly missed", arguments: CommittedTrackTests.tracks)
    func track(_ track: String) throws {
        let row = try Self.replay(track)
        #expect(row.on.replans <= row.off.replans, "\(track): \(row.on.replans) re-plans on vs \(row.off.replans) off")
        #expect(row.on.wakeIndices.count <= row.off.wakeIndices.count, "\(track): wake-ups \(row.on.wakeIndices.count) vs \(row.off.wakeIndices.count)")
        #expect(Self.announced(row.on) == Self.announced(row.off), "\(track): announced places differ")
        #expect(row.on.duplicates == 0)
        #expect(Set(row.on.missed.map(\.placeID)).isSubset(of: Set(row.off.missed.map(\.placeID))), "\(track): \(row.on.missed)")
    }

    @Test("over all tracks Low Power Mode wakes the app less; the table")
    func table() throws {
        var rows: [Row] = []
        for track in CommittedTrackTests.tracks { rows.append(try Self.replay(track)) }
        let offWakes = rows.map(\.off.wakeIndices.count).reduce(0, +)
        let onWakes = rows.map(\.on.wakeIndices.count).reduce(0, +)
        let offReplans = rows.map(\.off.replans).reduce(0, +)
        let onReplans = rows.map(\.on.replans).reduce(0, +)
        #expect(onReplans < offReplans, "re-plans \(onReplans) on vs \(offReplans) off")
        #expect(onWakes < offWakes, "wake-ups \(onWakes) on vs \(offWakes) off")
        // The table for docs/proximity.md, and how much later (metres along the path) any alert came.
        print("| track | hours | wake-ups/h off | on | re-plans/h off | on | alerts off | on | later (m) |")
        print("|---|---|---|---|---|---|---|---|---|")
        for row in rows {
            let later = row.off.leadDistances.compactMap { id, lead -> String? in
                guard let onLead = row.on.leadDistances[id], lead - onLead > 0.5 else { return nil }
                return "\(id) \(Int((lead - onLead).rounded()))"
            }.sorted()
            print(
                "| \(row.track) | \(String(format: "%.1f", row.off.duration / 3_600)) | \(String(format: "%.1f", row.off.wakeupsPerHour)) | \(String(format: "%.1f", row.on.wakeupsPerHour)) | \(String(format: "%.1f", row.off.replansPerHour)) | \(String(format: "%.1f", row.on.replansPerHour)) | \(row.off.timeline.count) | \(row.on.timeline.count) | \(later.isEmpty ? "none" : later.joined(separator: ", ")) |"
            )
        }
    }
}
