import LociUI
import ProximityFeature
import ProximityKit
import SwiftUI

/// A trip's places as a list or a map, with the tracking status bar, add-by-search, remove,
/// snooze and "Open in Maps".
struct TripPlacesView: View {
    let model: TripPlacesModel
    let tracking: TrackingModel
    @State private var mode = Mode.list
    @State private var searching = false

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
                PlacesMapView(map: model.state.map, navigate: { id in Task { await model.navigate(to: id) } })
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
        .onAppear { model.load() }
        .onChange(of: tracking.status) { _, _ in model.load() }
    }

    private var list: some View {
        List {
            Section {
                ForEach(model.state.rows) { row in
                    PlaceRowView(row: row)
                        .swipeActions(edge: .trailing) {
                            Button("Remove", systemImage: "trash", role: .destructive) {
                                Task { await model.remove(placeID: row.id) }
                            }
                        }
                        .contextMenu {
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
    }
}

/// One saved place: name, category, its alert radius, distance from the last fix, and whether the
/// OS watches it now.
private struct PlaceRowView: View {
    let row: PlaceRow

    var body: some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(row.place.name).font(.body)
                if let category = row.place.category {
                    Text(category).font(.caption).foregroundStyle(.secondary)
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
