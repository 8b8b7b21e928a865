import Foundation
import Observation
import ProximityKit
import ProximityStore

/// One row of the trips list.
public struct TripRow: Sendable, Equatable, Identifiable {
    /// The trip.
    public var trip: Trip
    /// How many places it holds.
    public var placeCount: Int
    /// How many of them were visited (their alert opened).
    public var visitedCount: Int = 0
    /// Where its dates stand today.
    public var phase: TripPhase

    /// The trip's id.
    public var id: String { trip.id }

    /// "3 of 12 visited"; empty for a trip without places.
    public var progress: String { placeCount == 0 ? "" : ProximityCopy.progress(visitedCount, of: placeCount) }

    /// Every stored trip as a row, its phase at `date`.
    static func all(in trips: TripService, at date: Date) throws(TripServiceError) -> [TripRow] {
        try trips.trips().map {
            TripRow(trip: $0.trip, placeCount: $0.places, visitedCount: $0.visited, phase: TripPhase($0.trip, at: date))
        }
    }
}

/// A deleted trip that can still be put back.
public struct DeletedTrip: Sendable, Equatable {
    /// The trip.
    public var trip: Trip
    /// Its places.
    public var places: [SavedPlace]
}

/// What the trips list shows: active (today within the dates, or undated), upcoming, past.
public struct TripsListState: Sendable, Equatable {
    /// Trips whose dates include today (or that have none), by name.
    public var active: [TripRow] = []
    /// Trips starting after today, soonest first.
    public var upcoming: [TripRow] = []
    /// Trips that ended, most recent first.
    public var past: [TripRow] = []
    /// The last deleted trip, while Undo is offered.
    public var undo: DeletedTrip?
    /// The last error, in one line.
    public var error: String?

    /// Whether there are no trips at all.
    public var isEmpty: Bool { active.isEmpty && upcoming.isEmpty && past.isEmpty }
}

/// The trips list: sections relative to the injected clock, delete with undo.
@MainActor @Observable
public final class TripsListModel {
    /// What the screen shows.
    public private(set) var state = TripsListState()

    @ObservationIgnored private let environment: ProximityEnvironment
    @ObservationIgnored private let changed: @MainActor () async -> Void

    /// A list over `environment`; `changed` runs after every change of the trips (the app passes
    /// ``TrackingModel/reloadPlaces()``).
    public init(environment: ProximityEnvironment, changed: @escaping @MainActor () async -> Void = {}) {
        self.environment = environment
        self.changed = changed
    }

    /// Reads the trips again.
    public func load() {
        do {
            let rows = try TripRow.all(in: environment.trips, at: environment.now())
            state.active = rows.filter { $0.phase == .active }
            state.upcoming = rows.filter { $0.phase == .upcoming }.sorted { ($0.trip.startDate ?? "", $0.trip.name) < ($1.trip.startDate ?? "", $1.trip.name) }
            state.past = rows.filter { $0.phase == .past }.sorted { ($0.trip.endDate ?? "", $1.trip.name) > ($1.trip.endDate ?? "", $0.trip.name) }
            state.error = nil
        } catch {
            state.error = error.description
        }
    }

    /// Switches a trip on or off.
    public func setActive(_ isActive: Bool, tripID: String) async {
        do {
            var trip = try environment.trips.trip(named: tripID)
            trip.isActive = isActive
            try environment.trips.update(trip)
        } catch {
            state.error = error.description
        }
        load()
        await changed()
    }

    /// Deletes a trip and its places, offering Undo until the next delete or ``dismissUndo()``.
    public func delete(tripID: String) async {
        do {
            let trip = try environment.trips.trip(named: tripID)
            let places = try environment.trips.places(ofTrip: trip.id)
            try environment.trips.delete(named: trip.id)
            state.undo = DeletedTrip(trip: trip, places: places)
        } catch {
            state.error = error.description
        }
        load()
        await changed()
    }

    /// Puts the last deleted trip back with its places.
    public func undoDelete() async {
        guard let deleted = state.undo else { return }
        do {
            try environment.trips.restore(deleted.trip, places: deleted.places)
            state.undo = nil
        } catch {
            state.error = error.description
        }
        load()
        await changed()
    }

    /// Stops offering Undo.
    public func dismissUndo() { state.undo = nil }
}
