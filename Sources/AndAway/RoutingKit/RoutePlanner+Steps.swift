import Foundation
import GeoKit

extension RoutePlanner {
    /// The route of `pieces`: totals, the line, and steps that change wherever the street does.
    func makeRoute(_ pieces: [Piece], mode: TravelMode) -> Route {
        var geometry = [pieces[0].from]
        for piece in pieces where piece.to != geometry.last { geometry.append(piece.to) }
        let steps = Self.steps(for: pieces, graph: graph)
        return Route(
            distance: pieces.reduce(0) { $0 + $1.length }, duration: pieces.reduce(0) { $0 + $1.cost },
            mode: mode,
            geometry: geometry, steps: steps)
    }

    /// Groups pieces by street (unnamed stretches by way) and names each turn by its angle.
    ///
    /// Angles: below 25° "Continue", 25–60° "Bear", 60–135° "Turn", 135–170° "Turn sharp", beyond a U-turn.
    static func steps(for pieces: [Piece], graph: RoadGraph) -> [RouteStep] {
        struct Group {
            var name: String?
            var way: Int64
            var pieces: [Piece]
        }
        var groups: [Group] = []
        for piece in pieces {
            let name = graph.name(Int(piece.edge))
            let way = graph.edgeWay[Int(piece.edge)]
            if let last = groups.last, last.name == name, name != nil || last.way == way {
                groups[groups.count - 1].pieces.append(piece)
            } else {
                groups.append(Group(name: name, way: way, pieces: [piece]))
            }
        }
        // Short unnamed links (crossings, slip roads under 20 m) fold into the step before them.
        var merged: [Group] = []
        for group in groups {
            let length = group.pieces.reduce(0) { $0 + $1.length }
            if group.name == nil, length < 20, !merged.isEmpty {
                merged[merged.count - 1].pieces += group.pieces
            } else if let last = merged.last, last.name != nil, last.name == group.name {
                merged[merged.count - 1].pieces += group.pieces
            } else {
                merged.append(group)
            }
        }
        var steps: [RouteStep] = []
        for (i, group) in merged.enumerated() {
            let first = group.pieces.first(where: { $0.length > 0 }) ?? group.pieces[0]
            let outgoing = bearing(first.from, first.to)
            let maneuver: RouteStep.Maneuver
            let instruction: String
            if i == 0 {
                maneuver = .depart
                instruction = "Head \(Compass8(bearing: outgoing))" + (group.name.map { " on \($0)" } ?? "")
            } else {
                let previous = merged[i - 1].pieces.last(where: { $0.length > 0 }) ?? merged[i - 1].pieces[0]
                maneuver = turn(from: bearing(previous.from, previous.to), to: outgoing)
                instruction = phrase(maneuver, onto: group.name)
            }
            let distance = group.pieces.reduce(0) { $0 + $1.length }
            let duration = group.pieces.reduce(0) { $0 + $1.cost }
            if maneuver == .continue, group.name == nil, !steps.isEmpty {
                // Going straight on an unnamed stretch (a ramp, a tunnel approach) is no instruction.
                steps[steps.count - 1].distance += distance
                steps[steps.count - 1].duration += duration
                continue
            }
            steps.append(
                RouteStep(
                    maneuver: maneuver, instruction: instruction, streetName: group.name,
                    distance: distance, duration: duration, location: group.pieces[0].from))
        }
        let destination = pieces[pieces.count - 1].to
        steps.append(
            RouteStep(
                maneuver: .arrive, instruction: "Arrive at your destination", streetName: nil, distance: 0,
                duration: 0,
                location: destination))
        return steps
    }

    /// The manoeuvre for a change of heading (degrees clockwise from north).
    static func turn(from incoming: Double, to outgoing: Double) -> RouteStep.Maneuver {
        var delta = (outgoing - incoming).truncatingRemainder(dividingBy: 360)
        if delta > 180 { delta -= 360 }
        if delta <= -180 { delta += 360 }
        let angle = abs(delta)
        let right = delta > 0
        switch angle {
        case ..<25: return .continue
        case ..<60: return right ? .slightRight : .slightLeft
        case ..<135: return right ? .right : .left
        case ..<170: return right ? .sharpRight : .sharpLeft
        default: return .uTurn
        }
    }

    /// The instruction for `maneuver` onto the street `name` ("Turn left onto Bleecker Street"),
    /// or without a street when `name` is `nil`: what a provider's step without its own text says.
    public static func phrase(_ maneuver: RouteStep.Maneuver, onto name: String?) -> String {
        let verb =
            switch maneuver {
            case .continue: "Continue"
            case .slightLeft: "Bear left"
            case .slightRight: "Bear right"
            case .left: "Turn left"
            case .right: "Turn right"
            case .sharpLeft: "Turn sharp left"
            case .sharpRight: "Turn sharp right"
            case .uTurn: "Make a U-turn"
            case .depart: "Head"
            case .arrive: "Arrive"
            }
        return verb + (name.map { " onto \($0)" } ?? "")
    }

    /// Initial bearing in degrees clockwise from north, in a local plane (fine for street-length pieces).
    static func bearing(_ a: Coordinate, _ b: Coordinate) -> Double {
        let dx = (b.longitude - a.longitude) * cos(a.latitude * .pi / 180)
        let dy = b.latitude - a.latitude
        let degrees = atan2(dx, dy) * 180 / .pi
        return degrees < 0 ? degrees + 360 : degrees
    }
}

/// The eight compass points, for "Head north on …".
struct Compass8: CustomStringConvertible {
    let bearing: Double
    var description: String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        return names[Int(((bearing + 22.5) / 45).rounded(.down)) % 8]
    }
}
