import Foundation
import GeoKit
import LociWire
import ProximityKit

/// `loci proximity replay`'s answer (JSON field names are the contract).
struct ReplayOutput: Encodable {
    struct Notification: Encodable {
        let time: String
        let title: String
        let lines: [String]
        let place_ids: [String]
        let lat: Double
        let lon: Double
        /// How far before the closest approach the user was told; `null` when unknown.
        @Nullable var lead_m: Double?
    }
    struct Missed: Encodable {
        let place_id: String
        let name: String
        let closest_m: Double
        let time: String
    }
    let mode: String
    let fixes: Int
    let places: Int
    let duration_s: Double
    let length_m: Double
    let wakeups: Int
    let wakeups_per_hour: Double
    let notifications: [Notification]
    let notification_count: Int
    let duplicates: Int
    let missed: [Missed]
    let missed_count: Int
    let lead_median_m: Double?
    let lead_min_m: Double?

    init(_ report: ReplayReport, fixes: [LocationFix], places: Int) {
        mode = report.mode.rawValue
        self.fixes = fixes.count
        self.places = places
        duration_s = report.duration
        length_m = report.length.rounded()
        wakeups = report.wakeIndices.count
        wakeups_per_hour = (report.wakeupsPerHour * 10).rounded() / 10
        notifications = report.timeline.map { entry in
            let n = entry.notification
            let lead = n.placeIDs.first.flatMap { report.leadDistances[$0] }
            return Notification(
                time: Self.iso(n.time), title: n.title, lines: n.lines, place_ids: n.placeIDs, lat: n.at.latitude, lon: n.at.longitude,
                lead_m: lead.map { $0.rounded() })
        }
        notification_count = report.timeline.count
        duplicates = report.duplicates
        missed = report.missed.map { Missed(place_id: $0.placeID, name: $0.name, closest_m: $0.closestDistance.rounded(), time: Self.iso($0.time)) }
        missed_count = report.missed.count
        let leads = report.leadDistances.values.sorted()
        lead_median_m = leads.isEmpty ? nil : leads[leads.count / 2].rounded()
        lead_min_m = leads.first?.rounded()
    }

    enum CodingKeys: String, CodingKey {
        case mode, fixes, places, duration_s, length_m, wakeups, wakeups_per_hour, notifications, notification_count, duplicates
        case missed, missed_count, lead_median_m, lead_min_m
    }

    /// Every key is always present; a missing lead is `null`.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(mode, forKey: .mode)
        try c.encode(fixes, forKey: .fixes)
        try c.encode(places, forKey: .places)
        try c.encode(duration_s, forKey: .duration_s)
        try c.encode(length_m, forKey: .length_m)
        try c.encode(wakeups, forKey: .wakeups)
        try c.encode(wakeups_per_hour, forKey: .wakeups_per_hour)
        try c.encode(notifications, forKey: .notifications)
        try c.encode(notification_count, forKey: .notification_count)
        try c.encode(duplicates, forKey: .duplicates)
        try c.encode(missed, forKey: .missed)
        try c.encode(missed_count, forKey: .missed_count)
        try c.encode(lead_median_m, forKey: .lead_median_m)
        try c.encode(lead_min_m, forKey: .lead_min_m)
    }

    static func iso(_ time: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date(timeIntervalSince1970: time.rounded()))
    }

    func text() -> String {
        var lines: [String] = []
        for n in notifications {
            lines.append("\(n.time)  \(n.title)" + (n.lead_m.map { "  (told \(Int($0)) m before the closest approach)" } ?? ""))
            for line in n.lines { lines.append("    \(line)") }
        }
        if !lines.isEmpty { lines.append("") }
        lines.append("Replay (\(mode)): \(fixes) fixes over \(Int(duration_s / 60)) min, \(Int(length_m)) m, \(places) places")
        lines.append("  wake-ups       \(wakeups) (\(wakeups_per_hour) per hour)")
        lines.append("  notifications  \(notification_count)")
        lines.append("  duplicates     \(duplicates)")
        lines.append("  missed         \(missed_count)" + (missed.isEmpty ? "" : ": " + missed.prefix(5).map { "\($0.name) (\(Int($0.closest_m)) m)" }.joined(separator: ", ")))
        if let median = lead_median_m, let minimum = lead_min_m { lines.append("  lead distance  median \(Int(median)) m, minimum \(Int(minimum)) m") }
        return lines.joined(separator: "\n")
    }
}
