import AndAwayFeature
import LociUI
import PlaceKit
import SwiftUI

/// Search: the field with suggestions, the provider note, chips, and the results as sections or
/// on the map. Reads ``AndAwayFeature/SearchModel``'s state and forwards taps.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct SearchScreen: View {
    @Bindable var model: SearchModel
    let detail: (Place, ProviderChoice) -> PlaceDetailModel
    @State private var showsMap = false
    @State private var open: OpenPlace?

    var body: some View {
        NavigationStack {
            VStack(spacing: 8) {
                if let note = model.state.note {
                    NoticeBanner(note, systemImage: "wifi.exclamationmark").padding(.horizontal)
                }
                if let problem = model.state.locationProblem {
                    LocationProblemBanner(message: problem).padding(.horizontal)
                }
                ChipBar(chips: model.state.chips) { id in Task { await model.toggleChip(id) } }
                if showsMap {
                    ResultsMap(
                        map: model.state.map,
                        select: { id in
                            model.select(id)
                            if let row = model.state.rows.first(where: { $0.id == id }) { show(row.place) }
                        },
                        moved: { model.mapMoved(to: $0) }
                    )
                    .overlay(alignment: .top) {
                        if model.state.canSearchThisArea {
                            Button("Search this area", systemImage: "arrow.clockwise") {
                                Task { await model.searchThisArea() }
                            }
                            .buttonStyle(.borderedProminent)
                            .padding(.top, 8)
                        }
                    }
                } else {
                    ResultsList(model: model, show: show)
                }
            }
            .navigationTitle("And Away")
            .searchable(
                text: Binding(get: { model.state.query }, set: { model.type($0) }), prompt: "Cafés, museums, a name…"
            )
            .searchSuggestions {
                ForEach(model.state.suggestions, id: \.placeID) { suggestion in
                    Button {
                        Task { if let place = await model.choose(suggestion) { show(place) } }
                    } label: {
                        VStack(alignment: .leading) {
                            Text(verbatim: suggestion.primaryText)
                            if !suggestion.secondaryText.isEmpty {
                                Text(verbatim: suggestion.secondaryText).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                        .accessibilityElement(children: .combine)
                    }
                }
            }
            .onSubmit(of: .search) { Task { await model.submit() } }
            .toolbar {
                Button(showsMap ? "Show list" : "Show map", systemImage: showsMap ? "list.bullet" : "map") { showsMap.toggle() }
            }
            .sheet(item: $open) { open in
                PlaceSheet(model: open.model).onDisappear { model.refreshSaved() }
            }
        }
    }

    private func show(_ place: Place) {
        open = OpenPlace(model: detail(place, model.state.answeredBy ?? model.state.provider))
    }
}

/// The results in their sections.
struct ResultsList: View {
    let model: SearchModel
    let show: (Place) -> Void

    var body: some View {
        List {
            if let error = model.state.error { ErrorRow(message: error) }
            ForEach(model.state.sections) { section in
                Section {
                    ForEach(section.rows) { row in
                        Button { show(row.place) } label: { ResultRowView(row: row) }
                            .accessibilityHint("Opens the place's details")
                    }
                } header: {
                    Text(verbatim: section.kind.title)
                }
            }
            if !model.state.recentSearches.isEmpty && model.state.sections.isEmpty {
                Section("Recent") {
                    ForEach(model.state.recentSearches, id: \.id) { entry in
                        Button(entry.query) {
                            model.type(entry.query)
                            Task { await model.submit() }
                        }
                        .accessibilityHint("Searches for this again")
                    }
                }
            }
        }
        .overlay { if model.state.isSearching { ProgressView().accessibilityLabel("Searching") } }
    }
}

/// One result: its name and distance, whether it is open (a word and a symbol, not a colour
/// alone) and whether it is saved (a symbol VoiceOver reads); stacked at accessibility sizes.
struct ResultRowView: View {
    let row: ResultRow
    @Environment(\.dynamicTypeSize) private var dynamicTypeSize

    var body: some View {
        let layout = dynamicTypeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading)) : AnyLayout(HStackLayout())
        layout {
            VStack(alignment: .leading) {
                Text(verbatim: row.place.name ?? row.place.id.rawValue)
                if let distance = row.distance {
                    Text(verbatim: AndAwayCopy.distance(distance)).font(.caption).foregroundStyle(.secondary)
                }
            }
            if !dynamicTypeSize.isAccessibilitySize { Spacer() }
            if let isOpen = row.isOpen { OpenBadge(isOpen: isOpen) }
            if row.isSaved {
                Image(systemName: "bookmark.fill").foregroundStyle(.tint).accessibilityLabel("Saved")
            }
        }
        .accessibilityElement(children: .combine)
    }
}

/// Open or closed as a word and a symbol (green is only a second cue).
struct OpenBadge: View {
    let isOpen: Bool

    var body: some View {
        Label(isOpen ? "Open" : "Closed", systemImage: isOpen ? "clock" : "moon.zzz")
            .font(.caption)
            .foregroundStyle(isOpen ? AnyShapeStyle(.green) : AnyShapeStyle(.secondary))
    }
}

/// The category chips; the chosen one carries a checkmark and the selected trait, not only a tint.
struct ChipBar: View {
    let chips: [CategoryChip]
    let toggle: (PlaceCategory.ID) -> Void

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack {
                ForEach(chips) { chip in
                    Button { toggle(chip.id) } label: {
                        Label(chip.category.name(), systemImage: chip.isSelected ? "checkmark" : chip.category.symbolName)
                            .font(.subheadline)
                    }
                    .buttonStyle(.bordered)
                    .tint(chip.isSelected ? .accentColor : .secondary)
                    .accessibilityAddTraits(chip.isSelected ? .isSelected : [])
                    .accessibilityHint(chip.isSelected ? Text("Clears this category") : Text("Searches this category"))
                }
            }
            .padding(.horizontal)
        }
    }
}

/// The sheet that is open: its model, identified by the object (the model is main-actor
/// isolated, so it cannot itself meet `Identifiable`'s nonisolated `id`).
struct OpenPlace: Identifiable {
    let model: PlaceDetailModel
    var id: ObjectIdentifier { ObjectIdentifier(model) }
}
