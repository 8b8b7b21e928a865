import LociUI
import ProximityFeature
import ProximityKit
import SwiftUI

/// The trips list (active, upcoming, past), with the tracking status bar above it. Swipe to
/// delete (with an undo banner that goes after a few seconds), a toggle to turn a trip's alerts on or off, tap to open its places.
struct TripsListView: View {
    let list: TripsListModel
    let tracking: TrackingModel
    let create: () -> Void
    let edit: (Trip) -> Void

    var body: some View {
        List {
            section("Active", list.state.active)
            section("Upcoming", list.state.upcoming)
            section("Past", list.state.past)
        }
        .overlay {
            if list.state.isEmpty {
                ContentUnavailableView(
                    "No trips", systemImage: "suitcase",
                    description: Text("Add a trip, then save the places you want to be told about."))
            }
        }
        .safeAreaInset(edge: .top) {
            TrackingStatusBar(status: tracking.status).padding(.horizontal)
        }
        .safeAreaInset(edge: .bottom) {
            VStack(spacing: 8) {
                if let deleted = list.state.undo {
                    NoticeBanner(
                        "Deleted \(deleted.trip.name)", systemImage: "trash",
                        action: ("Undo", { Task { await list.undoDelete() } }))
                    // Undo is offered for a while, then the banner goes (a new delete restarts it).
                    .task(id: deleted.trip.id) {
                        try? await Task.sleep(for: .seconds(8))
                        if !Task.isCancelled { list.dismissUndo() }
                    }
                }
                if let error = list.state.error {
                    NoticeBanner(error, systemImage: "exclamationmark.triangle")
                }
            }
            .padding(.horizontal)
        }
        .navigationTitle("Trips")
        .toolbar {
            ToolbarItem(placement: .primaryAction) {
                Button("New trip", systemImage: "plus", action: create)
            }
        }
        .refreshable { list.load() }
    }

    @ViewBuilder
    private func section(_ title: String, _ rows: [TripRow]) -> some View {
        if !rows.isEmpty {
            Section(title) {
                ForEach(rows) { row in
                    NavigationLink(value: row.trip.id) {
                        TripRowView(row: row, setActive: { active in
                            Task { await list.setActive(active, tripID: row.trip.id) }
                        })
                    }
                    .swipeActions(edge: .trailing) {
                        Button("Delete", systemImage: "trash", role: .destructive) {
                            Task { await list.delete(tripID: row.trip.id) }
                        }
                        Button("Edit", systemImage: "pencil") { edit(row.trip) }
                    }
                }
            }
        }
    }
}

/// One trip: name, dates, place count, progress ("3 of 12 visited") and its alerts switch.
private struct TripRowView: View {
    let row: TripRow
    let setActive: @MainActor (Bool) -> Void

    var body: some View {
        Toggle(
            isOn: Binding(get: { row.trip.isActive }, set: setActive),
            label: {
                VStack(alignment: .leading, spacing: 2) {
                    Text(row.trip.name).font(.headline)
                    Text(dates).font(.subheadline).foregroundStyle(.secondary)
                    Text("^[\(row.placeCount) place](inflect: true)").font(.caption).foregroundStyle(.secondary)
                    if !row.progress.isEmpty {
                        Text(row.progress).font(.caption).foregroundStyle(.secondary)
                    }
                }
            })
    }

    private var dates: String {
        [row.trip.startDate, row.trip.endDate].compactMap { $0 }.joined(separator: " – ")
    }
}
