import LociUI
import SwiftUI
import WrappedFeature

/// The home screen (seed §6.2): the range, its dates, and Generate.
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
            Section("Time range") {
                Picker("Range", selection: $home.choice) {
                    ForEach(RangeChoice.allCases) { choice in
                        Text(choice.title).tag(choice)
                    }
                }
                .pickerStyle(.segmented)
                DatePicker("From", selection: $home.customFromDate, displayedComponents: .date)
                    .disabled(!home.showsCustomDates)
                DatePicker("To", selection: $home.customToDate, displayedComponents: .date)
                    .disabled(!home.showsCustomDates)
                Text(home.summary)
                    .foregroundStyle(home.problem == nil ? Color.secondary : Color.red)
            }
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
