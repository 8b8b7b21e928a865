import ProximityFeature
import ProximityKit
import SwiftUI

/// The tracking status bar: the permission level, how many places are watched now out of the
/// active trips' total, the last fix's age, and Low Power Mode when it is on. Everything it shows
/// the model worked out. The permission is a symbol shape and a word, not only a colour; at the
/// accessibility text sizes the symbol sits above the text.
public struct TrackingStatusBar: View {
    let status: TrackingStatus
    @Environment(\.dynamicTypeSize) private var typeSize

    /// A bar showing `status`.
    public init(status: TrackingStatus) {
        self.status = status
    }

    public var body: some View {
        let layout = typeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading, spacing: 6)) : AnyLayout(HStackLayout(spacing: 10))
        layout {
            Image(systemName: symbol)
                .foregroundStyle(status.permission.allowsBackgroundWakeUps ? Color.green : Color.orange)
                .accessibilityLabel(permission)
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: ProximityCopy.monitored(status.monitoredPlaces, of: status.totalPlaces))
                    .font(.subheadline.weight(.semibold))
                if let fix = status.lastFix {
                    Text("Last fix \(Text(Date(timeIntervalSince1970: fix.time), style: .relative)) ago, ±\(ProximityFormat.metres(fix.accuracy))")
                        .font(.caption)
                        .foregroundStyle(.secondary)
                } else {
                    Text("No fix yet").font(.caption).foregroundStyle(.secondary)
                }
                if let lowPower = status.lowPowerSummary {
                    Label {
                        Text(verbatim: lowPower)
                    } icon: {
                        Image(systemName: "battery.25").accessibilityHidden(true)
                    }
                    .font(.caption)
                    .foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, alignment: .leading)
        }
        .padding(10)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
        .accessibilityElement(children: .combine)
    }

    private var symbol: String {
        switch status.permission {
        case .always: "location.fill"  // not-copy: an SF Symbol name
        case .whenInUse: "location"  // not-copy: an SF Symbol name
        case .denied: "location.slash"  // not-copy: an SF Symbol name
        case .notDetermined: "location.circle"  // not-copy: an SF Symbol name
        }
    }

    private var permission: Text {
        switch status.permission {
        case .always: Text("Location: Always")
        case .whenInUse: Text("Location: only while using the app")
        case .denied: Text("Location: off")
        case .notDetermined: Text("Location: not asked yet")
        }
    }
}
