import GeoKit
import MapKit
import PlaceKit
import TidepoolFeature

/// What kinds of place are at a photographed place: MapKit's points of interest around it
/// (`MKLocalPointsOfInterestRequest`), their `MKPointOfInterestCategory` read as PlaceKit's
/// standard category ids: a `PlaceCategoryResolver`. The request goes to Apple's map service,
/// not to Loci's server.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct MapKitPlaceCategoryResolver: PlaceCategoryResolver {
    /// The adapter.
    public init() {}

    /// Category ids of the points of interest within `radius` metres, in MapKit's order, each once;
    /// empty when MapKit knows none there.
    /// - Throws: MapKit's error when the search failed (offline, throttled): the connector says so.
    public func categoryIDs(near coordinate: Coordinate, radius: Double) async throws -> [String] {
        let request = MKLocalPointsOfInterestRequest(
            center: CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude),
            radius: radius)
        let response: MKLocalSearch.Response
        do {
            response = try await MKLocalSearch(request: request).start()
        } catch let error as MKError where error.code == .placemarkNotFound {
            return []  // nothing there is an answer, not a failure
        }
        var ids: [String] = []
        for item in response.mapItems {
            guard let raw = item.pointOfInterestCategory?.rawValue,
                let id = CategoryRegistry.standard.category(forAppleCategory: raw)?.id, !ids.contains(id)
            else { continue }
            ids.append(id)
        }
        return ids
    }
}
