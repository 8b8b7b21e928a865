import SwiftUI
import WrappedFeature

/// The range and filter controls (seed §6.2, §17.2), shared by the home screen and the deck's
/// Settings: every change is stored by the home model as it is made.
struct RangeSettingsSection: View {
    @Bindable var home: HomeModel

    var body: some View {
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
            Toggle("Leave out screenshots", isOn: $home.excludesScreenshots)
            Text(home.settingsProblem ?? "")
                .font(.footnote)
                .foregroundStyle(.red)
        }
    }
}

/// The deck's Settings (seed §6.4): the range and filters, and Regenerate with them.
struct SettingsView: View {
    let home: HomeModel
    let regenerate: @MainActor () async -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Form {
            RangeSettingsSection(home: home)
            Section {
                Button("Regenerate") {
                    dismiss()
                    Task { await regenerate() }
                }
                .disabled(!home.canGenerate)
                .frame(maxWidth: .infinity)
            }
        }
        .navigationTitle("Settings")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        }
    }
}
