import SwiftUI
import WrappedFeature

/// The home screen (seed §6.2): the limited-access notice, a storage warning with Try again, the
/// range, its dates, screenshots, Generate, and why the last run did not give a deck.
struct HomeView: View {
    let app: WrappedAppModel
    @Bindable var home: HomeModel
    let manageLimitedAccess: @MainActor () -> Void

    var body: some View {
        Form {
            if let notice = app.access.limitedNotice {
                Section {
                    WrappedNotice(notice, systemImage: "info.circle", action: "Manage", perform: manageLimitedAccess)
                        .accessibilityHint("Opens the picker where you choose which photos Photo Wrapped may read.")
                }
            }
            if let problem = app.storageProblem {
                Section {
                    WrappedNotice(
                        problem, detail: app.storageFix, systemImage: "exclamationmark.triangle", action: "Try again",
                        perform: app.retryStorage)
                }
            }
            RangeSettingsSection(home: home)
            Section {
                Button("Generate") { Task { await app.generate() } }
                    .disabled(!home.canGenerate)
                    .frame(maxWidth: .infinity)
                    .accessibilityHint("Makes your Wrapped from the photos in this range.")
                if let message = app.message {
                    Label {
                        Text(verbatim: message)
                    } icon: {
                        Image(systemName: "info.circle")
                            .accessibilityHidden(true)
                    }
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                }
            }
        }
        .navigationTitle("Photo Wrapped")
    }
}
