import ProximityFeature
import ProximityKit
import SwiftUI

/// The debug panel: the conditions the OS is asked to watch, counts since launch, and the recent
/// planner events with what each decided (notifications, suppressions, re-plans, a wanted fix).
struct DebugPanelView: View {
    let debug: DebugPanelModel
    let tracking: TrackingModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            let watched = ProximityFormat.count(debug.conditions.count)
            let limit = ProximityFormat.count(RegionMonitorLimit.conditions)
            Section("Watched now (\(watched) of \(limit))") {
                ForEach(debug.conditions, id: \.id) { condition in
                    LabeledContent {
                        Text(verbatim: ProximityFormat.metres(condition.radius))
                    } label: {
                        Text(verbatim: condition.id)
                    }
                    .font(.caption.monospaced())
                }
            }
            Section("Since launch") {
                LabeledContent("Planner steps") { Text(verbatim: ProximityFormat.count(debug.totalSteps)) }
                ForEach(debug.suppressionTotals.sorted { $0.key.rawValue < $1.key.rawValue }, id: \.key) { reason, count in
                    let name = reason.rawValue
                    LabeledContent("Suppressed: \(name)") { Text(verbatim: ProximityFormat.count(count)) }
                }
            }
            Section("Planner events") {
                ForEach(debug.entries.reversed()) { entry in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(verbatim: entry.source).font(.subheadline.weight(.semibold))
                        ForEach(lines(entry), id: \.self) { line in
                            Text(verbatim: line).font(.caption.monospaced()).foregroundStyle(.secondary)
                        }
                    }
                }
            }
        }
        .navigationTitle("Debug")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .cancellationAction) { Button("Clear") { debug.clear() } }
            ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
        }
    }

    /// The entry's decisions, one line each (only those it has): a developer's log, in the
    /// planner's own terms (English, like its reasons), not copy.
    private func lines(_ entry: PlannerLogEntry) -> [String] {
        var lines = entry.notifications.map { "notified \($0)" }  // not-copy: developer log line
        lines += entry.suppressed.sorted { $0.key < $1.key }.map { "suppressed \($0.key): \($0.value.rawValue)" }  // not-copy: developer log line
        if let ignored = entry.ignored { lines.append("ignored: \(ignored)") }  // not-copy: developer log line
        if let regions = entry.plannedRegions { lines.append("re-planned \(regions) regions") }  // not-copy: developer log line
        if entry.needsLocation { lines.append("wants a fix") }  // not-copy: developer log line
        return lines
    }
}
