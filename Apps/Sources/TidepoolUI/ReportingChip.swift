import SwiftUI
import TidepoolFeature

/// The reporting state on the map: on, paused near Home, done for today, or off and why, with
/// the last report's time and the location service's failure, if any. The words are the
/// model's (``ReportingStatus/summary``, ``TidepoolCopy``); the symbol only repeats them, and
/// VoiceOver reads the chip as one element.
struct ReportingChip: View {
    let status: ReportingStatus
    /// Why no position comes (the location service failed), in words.
    var problem: String?

    var body: some View {
        HStack(spacing: 6) {
            Image(systemName: symbol).accessibilityHidden(true)
            VStack(alignment: .leading, spacing: 0) {
                Text(status.summary).font(.caption.weight(.semibold))
                if let last = status.lastReportAt {
                    Text(TidepoolCopy.lastShared(at: Date(timeIntervalSince1970: last)))
                        .font(.caption2)
                        .foregroundStyle(.secondary)
                }
                if let problem {
                    Text(problem).font(.caption2)
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
        case .on: "dot.radiowaves.left.and.right"  // not-copy: SF Symbol name
        case .pausedAtHome: "house.fill"  // not-copy: SF Symbol name
        case .doneForToday: "moon.zzz"  // not-copy: SF Symbol name
        case .off: "pause.circle"  // not-copy: SF Symbol name
        }
    }
}
