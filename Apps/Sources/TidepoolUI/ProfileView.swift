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
                NoticeBanner(error.description, systemImage: "exclamationmark.triangle")
            }
            Section("Interests") {
                InterestPicker(
                    query: model.query, suggestions: model.suggestions, selected: model.interests,
                    label: model.label(of:), search: model.searchInterests,
                    toggle: { tag in Task { await model.toggle(tag) } })
            }
            Section("Connected") {
                ForEach(model.integrations.sorted(by: { $0.key < $1.key }), id: \.key) { name, state in
                    HStack {
                        Text(name.capitalized)
                        Spacer()
                        if state == "connected" {
                            Button("Disconnect") { Task { await model.disconnect(name) } }
                        } else {
                            Text(state).foregroundStyle(.secondary)
                        }
                    }
                }
            }
            ProfileFavouritesSection(model: model)
            if let reporting {
                Section("Sharing") {
                    SharingSwitch(reporting: reporting, session: session)
                    Text(reporting.status.summary).font(.footnote).foregroundStyle(.secondary)
                }
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

/// The favourites, the ones made offline marked as waiting.
struct ProfileFavouritesSection: View {
    let model: ProfileModel

    var body: some View {
        Section("Favourites") {
            if !model.favouritesCurrent {
                Text("Offline: showing the last list. Changes are sent when you are back online.")
                    .font(.footnote).foregroundStyle(.secondary)
            }
            ForEach(model.favourites) { row in
                HStack {
                    VStack(alignment: .leading) {
                        Text(row.placeID)
                        if let note = row.note { Text(note).font(.caption).foregroundStyle(.secondary) }
                    }
                    Spacer()
                    if let rating = row.rating { Text(String(repeating: "★", count: rating)) }
                    if row.pending || row.removalPending { Image(systemName: "clock") }
                }
                .swipeActions {
                    if row.favouriteID != nil, !row.removalPending {
                        Button("Remove", role: .destructive) { Task { await model.remove(row) } }
                    }
                }
            }
        }
    }
}
