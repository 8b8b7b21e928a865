import AndAwayFeature
import Foundation
import GeoKit
import MapKit
import PlacesLive
import RoutingKit

/// Directions from Apple Maps (`MKDirections`) behind RoutingKit's `DirectionsService`.
///
/// Walking and driving; iOS 17 offers no cycling directions, so `.bicycle` answers
/// `DirectionsError.noRoute` and the sheet says so. Steps' manoeuvres are read from MapKit's
/// instruction text (``AndAwayFeature/AppleMapsSteps``).
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct MapKitDirectionsService: DirectionsService {
    /// The service.
    public init() {}

    public func directions(from origin: Coordinate, to destination: Coordinate, mode: TravelMode)
        async throws(DirectionsError) -> Route
    {
        let transport: MKDirectionsTransportType
        switch mode {
        case .foot: transport = .walking
        case .car: transport = .automobile
        case .bicycle: throw .noRoute(provider: "Apple Maps (no cycling directions on iOS 17)")
        }
        let request = MKDirections.Request()
        request.source = MKMapItem(placemark: MKPlacemark(coordinate: origin.clCoordinate))
        request.destination = MKMapItem(placemark: MKPlacemark(coordinate: destination.clCoordinate))
        request.transportType = transport
        let response: MKDirections.Response
        do {
            response = try await MKDirections(request: request).calculate()
        } catch {
            throw .transport(provider: "Apple Maps", message: error.localizedDescription)
        }
        guard let route = response.routes.first else { throw .noRoute(provider: "Apple Maps") }
        let steps = route.steps
        return Route(
            distance: route.distance, duration: route.expectedTravelTime, mode: mode,
            geometry: route.polyline.lociCoordinates,
            steps: steps.enumerated().map { index, step in
                let text = step.instructions.isEmpty && index == steps.count - 1 ? "Arrive at your destination" : step.instructions
                return RouteStep(
                    maneuver: AppleMapsSteps.maneuver(instruction: text, index: index, count: steps.count),
                    instruction: text, streetName: nil, distance: step.distance,
                    duration: route.distance > 0 ? route.expectedTravelTime * step.distance / route.distance : 0,
                    location: step.polyline.lociCoordinates.first ?? origin)
            })
    }
}

extension MKPolyline {
    /// The line's points as Loci coordinates.
    var lociCoordinates: [Coordinate] {
        var points = [CLLocationCoordinate2D](repeating: kCLLocationCoordinate2DInvalid, count: pointCount)
        getCoordinates(&points, range: NSRange(location: 0, length: pointCount))
        return points.compactMap(\.lociCoordinate)
    }
}
