import GeoKit

/// One route from an origin to a destination: length, time, the line to draw and the steps to read.
public struct Route: Sendable, Hashable, Codable {
    /// Length along the route in metres.
    public var distance: Double
    /// Expected travel time in seconds.
    public var duration: Double
    /// The mode the route was computed for.
    public var mode: TravelMode
    /// The route's line, origin first (the snapped origin, then every road vertex, then the snapped destination).
    public var geometry: [Coordinate]
    /// Turn-by-turn steps, ending with an arrival step.
    public var steps: [RouteStep]

    /// A route from its parts.
    public init(
        distance: Double, duration: Double, mode: TravelMode, geometry: [Coordinate], steps: [RouteStep]
    ) {
        self.distance = distance
        self.duration = duration
        self.mode = mode
        self.geometry = geometry
        self.steps = steps
    }
}

/// One instruction of a route ("Turn left onto Pratt Street") and the stretch it covers.
public struct RouteStep: Sendable, Hashable, Codable {
    /// What the traveller does at the start of the step.
    public enum Maneuver: String, Sendable, Hashable, Codable {
        case depart, `continue`, slightLeft, slightRight, left, right, sharpLeft, sharpRight, uTurn, arrive
    }

    /// The manoeuvre at the step's start.
    public var maneuver: Maneuver
    /// The instruction as a sentence, e.g. "Turn left onto Pratt Street".
    public var instruction: String
    /// The street the step follows, when it has a name.
    public var streetName: String?
    /// Length of the step in metres (0 for the arrival).
    public var distance: Double
    /// Time of the step in seconds (0 for the arrival).
    public var duration: Double
    /// Where the manoeuvre happens.
    public var location: Coordinate

    /// A step from its parts.
    public init(
        maneuver: Maneuver, instruction: String, streetName: String?, distance: Double, duration: Double,
        location: Coordinate
    ) {
        self.maneuver = maneuver
        self.instruction = instruction
        self.streetName = streetName
        self.distance = distance
        self.duration = duration
        self.location = location
    }
}
