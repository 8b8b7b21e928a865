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
                TrackingProblemView(tracking: tracking)
                if let deleted = list.state.undo {
                    NoticeBanner(
                        String(localized: "Deleted \(deleted.trip.name)"), systemImage: "trash",
                        action: (String(localized: "Undo"), { Task { await list.undoDelete() } }))
                    // Undo is offered for a while, then the banner goes (a new delete restarts it).
                    .task(id: deleted.trip.id) {
                        try? await Task.sleep(for: .seconds(8))  // fails only when cancelled (a new delete): nothing to tell
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
    private func section(_ title: LocalizedStringKey, _ rows: [TripRow]) -> some View {
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
                    Text(verbatim: row.trip.name).font(.headline)
                    if !dates.isEmpty { Text(verbatim: dates).font(.subheadline).foregroundStyle(.secondary) }
                    Text(verbatim: ProximityCopy.placeCount(row.placeCount)).font(.caption).foregroundStyle(.secondary)
                    if !row.progress.isEmpty {
                        Text(verbatim: row.progress).font(.caption).foregroundStyle(.secondary)
                    }
                }
            })
        .accessibilityHint(Text("Switches this trip's alerts on or off"))
    }

    private var dates: String {
        [row.trip.startDate, row.trip.endDate].compactMap { $0 }.joined(separator: " – ")  // not-copy: a date range's dash
    }
}
