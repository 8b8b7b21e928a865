import ProximityFeature
import ProximityKit
import SwiftUI
import UIKit

/// Tracking and alerts: the "Always" guidance, whether alerts can be shown, what is snoozed, and
/// snoozing everything for a while.
struct NotificationSettingsView: View {
    let tracking: TrackingModel
    @Environment(\.openURL) private var openURL
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            AlwaysGuidanceView(tracking: tracking)
            Section("Alerts") {
                if tracking.status.notificationsAllowed {
                    Label("Alerts can be shown", systemImage: "bell")
                } else {
                    Label("Alerts are off", systemImage: "bell.slash")
                    Button("Ask for alerts") { Task { await tracking.requestNotifications() } }
                    Button("Open notification settings") {
                        if let url = URL(string: UIApplication.openNotificationSettingsURLString) { openURL(url) }
                    }
                }
                Menu("Snooze all alerts") {
                    ForEach(SnoozeChoice.all) { choice in
                        Button(choice.title) { Task { await tracking.snooze(placeID: "*", for: choice.seconds) } }  // not-copy: the id that means every place
                    }
                }
            }
            Section("Snoozed") {
                if tracking.status.snoozedUntil.isEmpty {
                    Text("Nothing snoozed").foregroundStyle(.secondary)
                }
                ForEach(tracking.status.snoozedUntil.sorted { $0.key < $1.key }, id: \.key) { placeID, until in
                    LabeledContent {
                        Text("until \(Text(Date(timeIntervalSince1970: until), style: .time))")
                    } label: {
                        placeID == "*" ? Text("All places") : Text(verbatim: placeID)  // not-copy: the id that means every place
                    }
                }
            }
            if tracking.lastError != nil {
                Section("Last problem") { TrackingProblemView(tracking: tracking) }
            }
        }
        .navigationTitle("Tracking and alerts")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
        }
        .onAppear { tracking.refreshStatus() }
    }
}

/// The snooze lengths offered (Snooze on a notification itself is one hour).
struct SnoozeChoice: Identifiable {
    let title: LocalizedStringKey
    let seconds: Double
    var id: Double { seconds }

    static var all: [SnoozeChoice] {
        [
            SnoozeChoice(title: "1 hour", seconds: 3_600),
            SnoozeChoice(title: "3 hours", seconds: 3 * 3_600),
            SnoozeChoice(title: "1 day", seconds: 86_400),
        ]
    }
}
