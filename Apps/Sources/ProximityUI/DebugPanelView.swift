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
            Section("Watched now (\(debug.conditions.count) of \(RegionMonitorLimit.conditions))") {
                ForEach(debug.conditions, id: \.id) { condition in
                    LabeledContent(condition.id, value: "\(Int(condition.radius)) m")
                        .font(.caption.monospaced())
                }
            }
            Section("Since launch") {
                LabeledContent("Planner steps", value: "\(debug.totalSteps)")
                ForEach(debug.suppressionTotals.sorted { $0.key.rawValue < $1.key.rawValue }, id: \.key) { reason, count in
                    LabeledContent("Suppressed: \(reason.rawValue)", value: "\(count)")
                }
            }
            Section("Planner events") {
                ForEach(debug.entries.reversed()) { entry in
                    VStack(alignment: .leading, spacing: 2) {
                        Text(entry.source).font(.subheadline.weight(.semibold))
                        ForEach(lines(entry), id: \.self) { line in
                            Text(line).font(.caption.monospaced()).foregroundStyle(.secondary)
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

    /// The entry's decisions, one line each (only those it has).
    private func lines(_ entry: PlannerLogEntry) -> [String] {
        var lines = entry.notifications.map { "notified \($0)" }
        lines += entry.suppressed.sorted { $0.key < $1.key }.map { "suppressed \($0.key): \($0.value.rawValue)" }
        if let ignored = entry.ignored { lines.append("ignored: \(ignored)") }
        if let regions = entry.plannedRegions { lines.append("re-planned \(regions) regions") }
        if entry.needsLocation { lines.append("wants a fix") }
        return lines
    }
}
