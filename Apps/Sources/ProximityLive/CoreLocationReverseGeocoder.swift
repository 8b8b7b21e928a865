import CoreLocation
import GeoKit
import ProximityKit

/// Names a dropped pin through `CLGeocoder.reverseGeocodeLocation`: a `ReverseGeocoder`.
///
/// The name is the placemark's point of interest or address name ("Ateneum", "Kaivokatu 2"),
/// with its locality when that adds something; offline, throttled or unknown places throw
/// `ReverseGeocoderError`, and the model names the pin by its coordinates instead. A geocoder
/// answers one request at a time, so each call makes its own.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct CoreLocationReverseGeocoder: ReverseGeocoder {
    /// The geocoder.
    public init() {}

    /// The placemark's name, or `nil` when Apple knows nothing at the point.
    public func name(for coordinate: Coordinate) async throws -> String? {
        let location = CLLocation(latitude: coordinate.latitude, longitude: coordinate.longitude)
        let placemarks: [CLPlacemark]
        do {
            placemarks = try await CLGeocoder().reverseGeocodeLocation(location)
        } catch {
            throw ReverseGeocoderError(error.localizedDescription)
        }
        guard let placemark = placemarks.first else { return nil }
        let name = placemark.name ?? placemark.thoroughfare
        let locality = placemark.locality
        switch (name, locality) {
        case (let name?, let locality?) where !name.contains(locality): return "\(name), \(locality)"
        case (let name?, _): return name
        case (nil, let locality?): return locality
        case (nil, nil): return nil
        }
    }
}
