import SwiftUI
import TidepoolFeature

/// The reporting state on the map: on, paused near Home, done for today, or off and why, with
/// the last report's time. The words are the model's (``ReportingStatus/summary``).
struct ReportingChip: View {
    let status: ReportingStatus

    var body: some View {
        HStack(spacing: 6) {
            Image(systemName: symbol)
            VStack(alignment: .leading, spacing: 0) {
                Text(status.summary).font(.caption.weight(.semibold))
                if let last = status.lastReportAt {
                    Text("Last shared \(Date(timeIntervalSince1970: last), style: .relative) ago")
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
            }
        }
        .padding(.horizontal, 10)
        .padding(.vertical, 6)
        .background(.thinMaterial, in: Capsule())
        .accessibilityElement(children: .combine)
    }

    private var symbol: String {
        switch status.state {
        case .on: "dot.radiowaves.left.and.right"
        case .pausedAtHome: "house.fill"
        case .doneForToday: "moon.zzz"
        case .off: "pause.circle"
        }
    }
}
