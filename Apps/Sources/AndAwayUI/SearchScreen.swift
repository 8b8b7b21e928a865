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
                            Text(suggestion.primaryText)
                            if !suggestion.secondaryText.isEmpty {
                                Text(suggestion.secondaryText).font(.caption).foregroundStyle(.secondary)
                            }
                        }
                    }
                }
            }
            .onSubmit(of: .search) { Task { await model.submit() } }
            .toolbar {
                Button(showsMap ? "List" : "Map", systemImage: showsMap ? "list.bullet" : "map") { showsMap.toggle() }
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
            if let error = model.state.error { Text(error).foregroundStyle(.red) }
            ForEach(model.state.sections) { section in
                Section(section.kind.title) {
                    ForEach(section.rows) { row in
                        Button { show(row.place) } label: { ResultRowView(row: row) }
                    }
                }
            }
            if !model.state.recentSearches.isEmpty && model.state.sections.isEmpty {
                Section("Recent") {
                    ForEach(model.state.recentSearches, id: \.id) { entry in
                        Button(entry.query) {
                            model.type(entry.query)
                            Task { await model.submit() }
                        }
                    }
                }
            }
        }
        .overlay { if model.state.isSearching { ProgressView() } }
    }
}

/// One result.
struct ResultRowView: View {
    let row: ResultRow

    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(row.place.name ?? row.place.id.rawValue)
                if let distance = row.distance {
                    Text(AndAwayCopy.distance(distance)).font(.caption).foregroundStyle(.secondary)
                }
            }
            Spacer()
            if row.isOpen == true { Text("Open").font(.caption).foregroundStyle(.green) }
            if row.isSaved { Image(systemName: "bookmark.fill").foregroundStyle(.tint) }
        }
    }
}

/// The category chips.
struct ChipBar: View {
    let chips: [CategoryChip]
    let toggle: (PlaceCategory.ID) -> Void

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack {
                ForEach(chips) { chip in
                    Button { toggle(chip.id) } label: {
                        Label(chip.category.displayName, systemImage: chip.category.symbolName)
                            .font(.subheadline)
                    }
                    .buttonStyle(.bordered)
                    .tint(chip.isSelected ? .accentColor : .secondary)
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
