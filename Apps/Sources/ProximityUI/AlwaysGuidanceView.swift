import ProximityFeature
import ProximityKit
import SwiftUI
import UIKit

/// Why Proximity asks for "Always", what the current level loses, and the one button that can
/// change it: the prompt while iOS still offers one, else the app's page in Settings.
struct AlwaysGuidanceView: View {
    let tracking: TrackingModel
    @Environment(\.openURL) private var openURL

    var body: some View {
        Section {
            Label(title, systemImage: tracking.status.permission.allowsBackgroundWakeUps ? "checkmark.circle" : "exclamationmark.circle")  // not-copy: an SF Symbol name
            Text(verbatim: tracking.status.permissionSummary)
                .font(.subheadline)
                .foregroundStyle(.secondary)
            if tracking.status.permission != .always {
                Text(
                    "Proximity watches a few circles around you and your nearest places. iOS wakes it when you cross one, even with the phone in your pocket, only with Always. It never tracks you continuously."
                )
                .font(.footnote)
                .foregroundStyle(.secondary)
                if tracking.status.canRequestAlways {
                    Button("Allow Always") { Task { await tracking.requestAlways() } }
                } else {
                    Button("Open Settings") { openSettings() }
                }
            }
        } header: {
            Text("Location")
        }
    }

    private var title: LocalizedStringKey {
        switch tracking.status.permission {
        case .always: "Always"
        case .whenInUse: "While using the app"
        case .denied: "Off"
        case .notDetermined: "Not asked yet"
        }
    }

    private func openSettings() {
        if let url = URL(string: UIApplication.openSettingsURLString) { openURL(url) }
    }
}
