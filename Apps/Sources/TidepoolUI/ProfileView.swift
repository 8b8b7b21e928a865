import LociUI
import SwiftUI
import TidepoolFeature

/// The profile: interests, integrations, favourites (pending ones marked), export, reset Home,
/// the privacy explainer, delete everything.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct ProfileView: View {
    @State var model: ProfileModel
    let reporting: ReportingModel?
    let session: TidepoolSession
    @State private var confirmingDelete = false
    @State private var pickingHome = false

    /// The profile over `model`; the sharing switch drives `reporting` (none when the app does
    /// not report) and has `session` read the saved settings again.
    public init(model: ProfileModel, reporting: ReportingModel?, session: TidepoolSession) {
        _model = State(initialValue: model)
        self.reporting = reporting
        self.session = session
    }

    public var body: some View {
        List {
            if let error = model.error {
                NoticeBanner(TidepoolCopy.problem(error).message, systemImage: "exclamationmark.triangle")
            }
            Section("Interests") {
                InterestPicker(
                    query: model.query, suggestions: model.suggestions, selected: model.interests,
                    label: model.label(of:), search: model.searchInterests,
                    toggle: { tag in Task { await model.toggle(tag) } })
            }
            Section("Connected") {
                if let error = model.integrationError {
                    Label(error.reason, systemImage: "exclamationmark.triangle").font(.footnote).foregroundStyle(.red)
                }
                ForEach(model.connectors, id: \.name) { connector in
                    HStack {
                        Text(connector.displayName)
                        Spacer()
                        if model.connecting == connector.name {
                            ProgressView().accessibilityLabel("Connecting")
                        } else if model.isConnected(connector.name) {
                            Button("Disconnect") { Task { await model.disconnect(connector.name) } }
                        } else {
                            Button("Connect") { Task { await model.connect(connector) } }
                                .disabled(model.connecting != nil)
                        }
                    }
                }
                // Integrations on the profile that this build does not offer (connected elsewhere).
                ForEach(model.integrationsNotOffered, id: \.self) { name in
                    HStack {
                        Text(name.capitalized)
                        Spacer()
                        if model.isConnected(name) {
                            Button("Disconnect") { Task { await model.disconnect(name) } }
                        } else {
                            Text("Not connected").foregroundStyle(.secondary)
                        }
                    }
                }
            }
            ProfileFavouritesSection(model: model)
            if let reporting {
                Section("Sharing") {
                    SharingSwitch(reporting: reporting, session: session)
                    Text(reporting.status.summary).font(.footnote).foregroundStyle(.secondary)
                    if let problem = reporting.locationProblemText {
                        Label(problem, systemImage: "location.slash").font(.footnote)
                    }
                }
            }
            Section("Map") {
                Toggle(
                    "High-contrast heat",
                    isOn: Binding(
                        get: { model.heatPalette == .highContrast },
                        set: { on in Task { await model.setHeatPalette(on ? .highContrast : .standard) } }))
                Text("Shows how busy a place is by lightness, fill and edge, not by colour alone.")
                    .font(.footnote).foregroundStyle(.secondary)
            }
            Section("Home") {
                if model.home != nil {
                    Button("Reset Home") { Task { await model.resetHome() } }
                } else {
                    Text("No Home: reporting is paused until you pick one.").foregroundStyle(.secondary)
                    Button("Pick a new Home") { pickingHome = true }
                }
            }
            Section("Privacy") {
                if let explainer = model.explainer {
                    NavigationLink("How your privacy is protected") {
                        ScrollView { PrivacyExplainerView(explainer: explainer).padding() }
                    }
                }
                Button("Export my data") { Task { await model.export() } }
                if let file = model.exportFile { ShareLink("Share the export", item: file) }
                Button("Delete everything", role: .destructive) { confirmingDelete = true }
            }
        }
        .navigationTitle("You")
        .task { await model.load() }
        .refreshable { await model.load() }
        .sheet(isPresented: $pickingHome) { HomePickerView(model: model) }
        .confirmationDialog(
            "Delete your Tidepool data on the server and on this phone?", isPresented: $confirmingDelete,
            titleVisibility: .visible
        ) {
            Button("Delete everything", role: .destructive) { Task { await model.deleteEverything() } }
        }
    }
}

/// The profile's link to the favourites, with how many there are.
struct ProfileFavouritesSection: View {
    let model: ProfileModel

    var body: some View {
        Section("Favourites") {
            NavigationLink {
                FavouritesView(model: model)
            } label: {
                LabeledContent("Your favourite places", value: model.favourites.count.formatted())
            }
        }
    }
}
