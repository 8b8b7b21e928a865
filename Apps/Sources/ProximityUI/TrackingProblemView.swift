import ProximityFeature
import SwiftUI
import UIKit

/// The tracking model's last failure (``TrackingModel/lastError``: a permission iOS could not ask
/// for, an alert not posted, a place not watched) with its fix: Open Settings or the app's
/// notification settings, and Dismiss. The model decided the words and the fix.
struct TrackingProblemView: View {
    let tracking: TrackingModel
    @Environment(\.openURL) private var openURL
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        if let message = tracking.lastError {
            VStack(alignment: .leading, spacing: 8) {
                Label {
                    Text(verbatim: message).font(.subheadline)
                } icon: {
                    Image(systemName: "exclamationmark.triangle").accessibilityHidden(true)
                }
                let layout = typeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
                layout {
                    switch tracking.lastErrorFix {
                    case .openLocationSettings:
                        Button("Open Settings") { open(UIApplication.openSettingsURLString) }
                            .buttonStyle(.borderedProminent)
                    case .openNotificationSettings:
                        Button("Open notification settings") { open(UIApplication.openNotificationSettingsURLString) }
                            .buttonStyle(.borderedProminent)
                    case .none:
                        EmptyView()
                    }
                    Button("Dismiss") { tracking.dismissError() }
                        .buttonStyle(.bordered)
                }
            }
            .padding(12)
            .frame(maxWidth: .infinity, alignment: .leading)
            .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
            .accessibilityElement(children: .contain)
            .accessibilityLabel(Text("Problem"))
        }
    }

    private func open(_ address: String) {
        if let url = URL(string: address) { openURL(url) }
    }
}
