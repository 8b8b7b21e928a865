import Foundation
import GeoKit
import Observation
import RoutingKit

/// What the directions sheet shows.
public struct DirectionsState: Sendable, Equatable {
    /// The chosen way of travelling.
    public var mode: TravelMode = .foot
    /// Where to.
    public var destination: Coordinate?
    /// The route found, nil before one is asked for or when none exists.
    public var route: Route?
    /// "1.2 km · 15 min".
    public var summary: String?
    /// The turn-by-turn steps (the route's, for a list).
    public var steps: [RouteStep] = []
    /// A route is being found.
    public var isRouting = false
    /// Why there is no route, in one line.
    public var error: String?

    /// The route's line for the map (empty without a route).
    public var line: [Coordinate] { route?.geometry ?? [] }
}

/// Directions from the user to one place, in a chosen mode, with steps.
@MainActor @Observable
public final class DirectionsModel {
    /// What the sheet shows.
    public internal(set) var state = DirectionsState()
    @ObservationIgnored let environment: AndAwayEnvironment

    /// A model over `environment`.
    public init(environment: AndAwayEnvironment) { self.environment = environment }

    /// Routes from the user's position to `destination` in the current mode.
    public func route(to destination: Coordinate) async {
        state.destination = destination
        await refresh()
    }

    /// Changes the mode and routes again.
    public func setMode(_ mode: TravelMode) async {
        state.mode = mode
        await refresh()
    }

    func refresh() async {
        guard let destination = state.destination else { return }
        guard let origin = await environment.location.currentLocation()?.coordinate else {
            clear(error: AndAwayCopy.noPosition())
            return
        }
        state.isRouting = true
        defer { state.isRouting = false }
        do {
            let route = try await environment.directions.directions(from: origin, to: destination, mode: state.mode)
            state.route = route
            state.steps = route.steps
            state.summary = AndAwayCopy.routeSummary(metres: route.distance, seconds: route.duration)
            state.error = nil
        } catch {
            clear(error: AndAwayCopy.noRoute(state.mode, detail: "\(error)"))
        }
    }

    func clear(error: String) {
        state.route = nil
        state.steps = []
        state.summary = nil
        state.error = error
    }
}
