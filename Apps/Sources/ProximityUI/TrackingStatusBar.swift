import ProximityFeature
import ProximityKit
import SwiftUI

/// The tracking status bar: the permission level, how many places are watched now out of the
/// active trips' total, and the last fix's age. Everything it shows the model worked out.
public struct TrackingStatusBar: View {
    let status: TrackingStatus

    /// A bar showing `status`.
    public init(status: TrackingStatus) {
        self.status = status
    }

    public var body: some View {
        HStack(spacing: 10) {
            Image(systemName: symbol)
                .foregroundStyle(status.permission.allowsBackgroundWakeUps ? Color.green : Color.orange)
            VStack(alignment: .leading, spacing: 2) {
                Text(ProximityCopy.monitored(status.monitoredPlaces, of: status.totalPlaces))
                    .font(.subheadline.weight(.semibold))
                if let fix = status.lastFix {
                    Text("Last fix \(Date(timeIntervalSince1970: fix.time), style: .relative) ago, ±\(Int(fix.accuracy)) m")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                } else {
                    Text("No fix yet").font(.caption).foregroundStyle(.secondary)
                }
            }
            Spacer(minLength: 0)
        }
        .padding(10)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .accessibilityElement(children: .combine)
    }

    private var symbol: String {
        switch status.permission {
        case .always: "location.fill"
        case .whenInUse: "location"
        case .denied: "location.slash"
        case .notDetermined: "location.circle"
        }
    }
}
