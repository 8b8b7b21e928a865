import LociUI
import SwiftUI
import WrappedFeature

/// The home screen (seed §6.2): the range, its dates, screenshots, and Generate.
struct HomeView: View {
    let app: WrappedAppModel
    @Bindable var home: HomeModel
    let manageLimitedAccess: @MainActor () -> Void

    var body: some View {
        Form {
            Section {
                NoticeBanner(app.access.limitedNotice ?? "", action: ("Manage", { manageLimitedAccess() }))
                    .listRowInsets(EdgeInsets())
            }
            .opacity(app.access.limitedNotice == nil ? 0 : 1)
            RangeSettingsSection(home: home)
            Section {
                Button("Generate") { Task { await app.generate() } }
                    .disabled(!home.canGenerate)
                    .frame(maxWidth: .infinity)
                Text(app.message ?? "")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
        }
        .navigationTitle("Photo Wrapped")
    }
}
