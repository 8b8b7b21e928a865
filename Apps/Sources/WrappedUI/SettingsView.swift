import SwiftUI
import WrappedFeature

/// The range and filter controls (seed §6.2, §17.2), shared by the home screen and the deck's
/// Settings: every change is stored by the home model as it is made. At accessibility text
/// sizes the four ranges become a menu (a segmented control would clip them).
struct RangeSettingsSection: View {
    @Bindable var home: HomeModel
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        Section("Time range") {
            if dynamicTypeSize.isAccessibilitySize {
                rangePicker.pickerStyle(.menu)
            } else {
                rangePicker.pickerStyle(.segmented)
            }
            DatePicker("From", selection: $home.customFromDate, displayedComponents: .date)
                .disabled(!home.showsCustomDates)
            DatePicker("To", selection: $home.customToDate, displayedComponents: .date)
                .disabled(!home.showsCustomDates)
            if home.problem == nil {
                Text(verbatim: home.summary)
                    .foregroundStyle(.secondary)
            } else {
                ProblemLine(text: home.summary)
            }
        }
        Section {
            Toggle("Leave out screenshots", isOn: $home.excludesScreenshots)
            if let problem = home.settingsProblem {
                ProblemLine(text: problem)
                    .font(.footnote)
            }
        }
    }

    private var rangePicker: some View {
        Picker("Range", selection: $home.choice) {
            ForEach(RangeChoice.allCases) { choice in
                Text(verbatim: choice.title()).tag(choice)
            }
        }
    }
}

/// A problem said with a warning symbol as well as red, so it is not told by colour alone; read
/// by VoiceOver as "Problem: …".
struct ProblemLine: View {
    let text: String

    var body: some View {
        Label {
            Text(verbatim: text)
        } icon: {
            Image(systemName: "exclamationmark.triangle.fill")
        }
        .foregroundStyle(.red)
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text("Problem: \(text)"))
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
                .accessibilityHint("Makes your Wrapped again with this range and these filters.")
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
