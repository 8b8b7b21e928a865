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
        case list, map
        var id: String { rawValue }
        var title: LocalizedStringKey {
            switch self {
            case .list: "List"
            case .map: "Map"
            }
        }
    }

    var body: some View {
        VStack(spacing: 0) {
            Picker("Show", selection: $mode) {
                ForEach(Mode.allCases) { mode in Text(mode.title).tag(mode) }
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
                TrackingProblemView(tracking: tracking)
                if let error = model.state.error { NoticeBanner(error, systemImage: "exclamationmark.triangle") }
                if let outcome = model.state.lastImport {
                    let added = ProximityFormat.count(outcome.added)
                    let replaced = ProximityFormat.count(outcome.replaced)
                    NoticeBanner(
                        String(localized: "Imported \(outcome.format): \(added) added, \(replaced) replaced"),
                        systemImage: "square.and.arrow.down")
                }
                TrackingStatusBar(status: tracking.status)
            }
            .padding(.horizontal)
        }
        .navigationTitle(model.state.trip.map { Text(verbatim: $0.name) } ?? Text("Places"))
        // The "saved" haptic: a place added, dropped, edited or imported.
        .sensoryFeedback(.success, trigger: model.state.savedCount)
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
                        Text(verbatim: model.state.progress).font(.subheadline)
                    }
                    .accessibilityValue(Text(verbatim: model.state.progress))
                }
                Label {
                    Text(verbatim: model.state.latency)
                } icon: {
                    Image(systemName: "clock.badge.exclamationmark").accessibilityHidden(true)
                }
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
                        .accessibilityAction(named: Text("Edit radius and note")) { editing = row.place }
                        .accessibilityAction(named: Text("Open in Maps")) { Task { await model.navigate(to: row.id) } }
                }
            } footer: {
                Text(verbatim: model.state.monitoredSummary)
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
/// and whether the OS watches it now or its alert went off. Each state is a symbol shape and a
/// word for VoiceOver, never a colour alone; at the accessibility text sizes the details stack.
private struct PlaceRowView: View {
    let row: PlaceRow
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        let layout = typeSize.isAccessibilitySize ? AnyLayout(VStackLayout(alignment: .leading, spacing: 4)) : AnyLayout(HStackLayout())
        layout {
            if row.place.isVisited {
                Image(systemName: "checkmark.circle.fill")
                    .foregroundStyle(Color.green)
                    .accessibilityLabel("Visited")
            }
            VStack(alignment: .leading, spacing: 2) {
                Text(verbatim: row.place.name).font(.body)
                if let category = row.categoryName() {
                    Text(verbatim: category).font(.caption).foregroundStyle(.secondary)
                }
                if let note = row.place.note {
                    Text(verbatim: note).font(.caption).foregroundStyle(.secondary).lineLimit(typeSize.isAccessibilitySize ? nil : 2)
                }
            }
            if !typeSize.isAccessibilitySize { Spacer() }
            let radius = ProximityFormat.metres(row.radius)
            Text(verbatim: radius)
                .font(.caption.monospacedDigit())
                .foregroundStyle(.secondary)
                .accessibilityLabel(Text("Alert within \(radius)"))
            if let distance = row.distance {
                Text(Measurement(value: distance, unit: UnitLength.meters), format: .measurement(width: .abbreviated, usage: .road))
                    .font(.subheadline.monospacedDigit())
                    .foregroundStyle(.secondary)
                    .accessibilityLabel(Text("\(Measurement(value: distance, unit: UnitLength.meters).formatted(.measurement(width: .wide, usage: .road))) away"))
            }
            Image(systemName: row.isAlerting ? "bell.badge.fill" : row.isMonitored ? "dot.radiowaves.left.and.right" : "circle.dashed")  // not-copy: an SF Symbol name
                .foregroundStyle(row.isAlerting ? Color.red : row.isMonitored ? Color.accentColor : Color.secondary)
                .accessibilityLabel(row.isAlerting ? Text("Alert now") : row.isMonitored ? Text("Watched now") : Text("Not watched now"))
        }
        .accessibilityElement(children: .combine)
    }
}
