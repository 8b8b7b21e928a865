import LociUI
import ProximityFeature
import ProximityKit
import SwiftUI

/// A trip's places as a list or a map, with the trip's progress ("3 of 12 visited"), the honest
/// latency notice, the tracking status bar, add-by-search, drop a pin (long press on the map),
/// edit a place (its radius and note), remove, snooze, "Open in Maps", and a place file dropped
/// on the list imported.
struct TripPlacesView: View {
    let model: TripPlacesModel
    let tracking: TrackingModel
    @State private var mode = Mode.list
    @State private var searching = false
    @State private var editing: SavedPlace?

    enum Mode: String, CaseIterable, Identifiable {
        case list = "List"
        case map = "Map"
        var id: String { rawValue }
    }

    var body: some View {
        VStack(spacing: 0) {
            Picker("Show", selection: $mode) {
                ForEach(Mode.allCases) { mode in Text(mode.rawValue).tag(mode) }
            }
            .pickerStyle(.segmented)
            .padding([.horizontal, .top])
            switch mode {
            case .list: list
            case .map:
                PlacesMapView(
                    map: model.state.map, navigate: { id in Task { await model.navigate(to: id) } },
                    dropPin: { coordinate in Task { await model.dropPin(at: coordinate) } },
                    edit: { id in editing = model.state.rows.first { $0.id == id }?.place })
            }
        }
        .safeAreaInset(edge: .bottom) {
            VStack(spacing: 8) {
                if let error = model.state.error { NoticeBanner(error, systemImage: "exclamationmark.triangle") }
                if let outcome = model.state.lastImport {
                    NoticeBanner(
                        "Imported \(outcome.format): \(outcome.added) added, \(outcome.replaced) replaced",
                        systemImage: "square.and.arrow.down")
                }
                TrackingStatusBar(status: tracking.status)
            }
            .padding(.horizontal)
        }
        .navigationTitle(model.state.trip?.name ?? "Places")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("Add place", systemImage: "plus") { searching = true }
            }
            ToolbarItem(placement: .secondaryAction) {
                PlaceFilesMenu(model: model)
            }
        }
        .sheet(isPresented: $searching) {
            NavigationStack { PlaceSearchView(model: model) }
        }
        .sheet(item: $editing) { place in
            NavigationStack { PlaceEditView(model: model, place: place) }
        }
        .onAppear { model.load() }
        .onChange(of: tracking.status) { _, _ in model.load() }
    }

    private var list: some View {
        List {
            Section {
                if !model.state.progress.isEmpty {
                    ProgressView(value: Double(model.state.visitedCount), total: Double(max(1, model.state.rows.count))) {
                        Text(model.state.progress).font(.subheadline)
                    }
                }
                Label(model.state.latency, systemImage: "clock.badge.exclamationmark")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Section {
                ForEach(model.state.rows) { row in
                    PlaceRowView(row: row)
                        .swipeActions(edge: .trailing) {
                            Button("Remove", systemImage: "trash", role: .destructive) {
                                Task { await model.remove(placeID: row.id) }
                            }
                            Button("Edit", systemImage: "pencil") { editing = row.place }
                        }
                        .contextMenu {
                            Button("Edit radius and note", systemImage: "pencil") { editing = row.place }
                            Button("Open in Maps", systemImage: "map") { Task { await model.navigate(to: row.id) } }
                            Menu("Snooze", systemImage: "moon.zzz") {
                                ForEach(SnoozeChoice.all) { choice in
                                    Button(choice.title) {
                                        Task { await tracking.snooze(placeID: row.id, for: choice.seconds) }
                                    }
                                }
                            }
                        }
                }
            } footer: {
                Text(model.state.monitoredSummary)
            }
        }
        .dropDestination(for: Data.self) { files, _ in
            guard let file = files.first else { return false }
            Task { await model.importData(file) }
            return true
        }
    }
}

/// One saved place: visited, name, category, note, its alert radius, distance from the last fix,
/// and whether the OS watches it now.
private struct PlaceRowView: View {
    let row: PlaceRow

    var body: some View {
        HStack {
            if row.place.isVisited {
                Image(systemName: "checkmark.circle.fill")
                    .foregroundStyle(Color.green)
                    .accessibilityLabel("Visited")
            }
            VStack(alignment: .leading, spacing: 2) {
                Text(row.place.name).font(.body)
                if let category = row.place.category {
                    Text(category).font(.caption).foregroundStyle(.secondary)
                }
                if let note = row.place.note {
                    Text(note).font(.caption).foregroundStyle(.secondary).lineLimit(2)
                }
            }
            Spacer()
            Text("\(Int(row.radius)) m")
                .font(.caption.monospacedDigit())
                .foregroundStyle(.secondary)
                .accessibilityLabel("Alert within \(Int(row.radius)) metres")
            if let distance = row.distance {
                Text(Measurement(value: distance, unit: UnitLength.meters), format: .measurement(width: .abbreviated, usage: .road))
                    .font(.subheadline.monospacedDigit())
                    .foregroundStyle(.secondary)
            }
            Image(systemName: row.isMonitored ? "dot.radiowaves.left.and.right" : "circle.dashed")
                .foregroundStyle(row.isMonitored ? Color.accentColor : Color.secondary)
                .accessibilityLabel(row.isMonitored ? "Watched now" : "Not watched now")
        }
    }
}
