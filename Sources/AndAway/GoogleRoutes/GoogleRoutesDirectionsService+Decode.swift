import Foundation
import GeoKit
import RoutingKit

extension GoogleRoutesDirectionsService {
    /// The error for a non-2xx answer, from the API's `{"error": {"code", "message", "status"}}` body when present.
    static func httpError(_ code: Int, _ data: Data) -> DirectionsError {
        struct Envelope: Decodable {
            struct Body: Decodable {
                var message: String?
                var status: String?
            }
            var error: Body
        }
        let body = try? JSONDecoder().decode(Envelope.self, from: data)
        let fallback = String(decoding: data.prefix(200), as: UTF8.self)
        return .http(
            provider: provider, code: code, status: body?.error.status,
            message: body?.error.message ?? fallback)
    }

    /// The routes of a computeRoutes answer (an empty object means no route).
    static func decodeRoutes(_ data: Data, mode: TravelMode) throws(DirectionsError) -> [Route] {
        let response: Response
        do {
            response = try JSONDecoder().decode(Response.self, from: data)
        } catch let error as DecodingError {
            throw .malformedResponse(provider: provider, field: Self.path(of: error), message: "\(error)")
        } catch {
            throw .malformedResponse(provider: provider, field: "$", message: "\(error)")
        }
        var routes: [Route] = []
        for (r, route) in (response.routes ?? []).enumerated() {
            let geometry = try EncodedPolyline.decode(
                route.polyline?.encodedPolyline ?? "", field: "routes[\(r)].polyline.encodedPolyline")
            var steps: [RouteStep] = []
            for (l, leg) in (route.legs ?? []).enumerated() {
                for (s, step) in (leg.steps ?? []).enumerated() {
                    let field = "routes[\(r)].legs[\(l)].steps[\(s)]"
                    let location: Coordinate
                    if let latLng = step.startLocation?.latLng {
                        do {
                            location = try Coordinate(
                                latitude: latLng.latitude ?? 0, longitude: latLng.longitude ?? 0)
                        } catch {
                            throw .malformedResponse(
                                provider: provider, field: field + ".startLocation",
                                message: error.description)
                        }
                    } else {
                        location = geometry.first ?? Coordinate(uncheckedLatitude: 0, longitude: 0)
                    }
                    let maneuver = Self.maneuver(step.navigationInstruction?.maneuver, first: steps.isEmpty)
                    steps.append(
                        RouteStep(
                            maneuver: maneuver,
                            instruction: step.navigationInstruction?.instructions
                                ?? RoutePlanner.phrase(maneuver, onto: nil),
                            streetName: nil, distance: Double(step.distanceMeters ?? 0),
                            duration: try seconds(step.staticDuration, field: field + ".staticDuration"),
                            location: location))
                }
            }
            if let last = geometry.last {
                steps.append(
                    RouteStep(
                        maneuver: .arrive, instruction: "Arrive at your destination", streetName: nil,
                        distance: 0,
                        duration: 0, location: last))
            }
            routes.append(
                Route(
                    distance: Double(route.distanceMeters ?? 0),
                    duration: try seconds(route.duration, field: "routes[\(r)].duration"), mode: mode,
                    geometry: geometry,
                    steps: steps))
        }
        return routes
    }

    /// A protobuf Duration in JSON ("165s", "3.5s"); nil counts as 0.
    static func seconds(_ text: String?, field: String) throws(DirectionsError) -> Double {
        guard let text else { return 0 }
        guard text.hasSuffix("s"), let value = Double(text.dropLast()), value.isFinite, value >= 0 else {
            throw .malformedResponse(
                provider: provider, field: field, message: "'\(text)' is not a duration like \"165s\"")
        }
        return value
    }

    static func maneuver(_ name: String?, first: Bool) -> RouteStep.Maneuver {
        switch name {
        case "TURN_LEFT": .left
        case "TURN_RIGHT": .right
        case "TURN_SLIGHT_LEFT", "RAMP_LEFT", "FORK_LEFT": .slightLeft
        case "TURN_SLIGHT_RIGHT", "RAMP_RIGHT", "FORK_RIGHT": .slightRight
        case "TURN_SHARP_LEFT": .sharpLeft
        case "TURN_SHARP_RIGHT": .sharpRight
        case "UTURN_LEFT", "UTURN_RIGHT": .uTurn
        case "DEPART": .depart
        default: first ? .depart : .continue
        }
    }

    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .typeMismatch(_, let c), .valueNotFound(_, let c), .keyNotFound(_, let c),
                .dataCorrupted(let c):
                c
            @unknown default: nil
            }
        let keys = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" } ?? []
        return "$" + keys.joined()
    }

    struct Response: Decodable {
        var routes: [RouteBody]?
    }
    struct RouteBody: Decodable {
        var distanceMeters: Int?
        var duration: String?
        var polyline: Polyline?
        var legs: [Leg]?
    }
    struct Polyline: Decodable { var encodedPolyline: String? }
    struct Leg: Decodable { var steps: [Step]? }
    struct Step: Decodable {
        var distanceMeters: Int?
        var staticDuration: String?
        var startLocation: Location?
        var navigationInstruction: Instruction?
    }
    struct Location: Decodable { var latLng: LatLng? }
    struct LatLng: Decodable {
        var latitude: Double?
        var longitude: Double?
    }
    struct Instruction: Decodable {
        var maneuver: String?
        var instructions: String?
    }
}
