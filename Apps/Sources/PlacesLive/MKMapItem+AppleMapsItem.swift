import AppleMapsPlaces
import GeoKit
import MapKit

extension AppleMapsItem {
    /// The fields of a MapKit result. The stable identifier exists from iOS 18; before that the
    /// id is made from the name and the position (``AppleMapsItem/placeID``).
    ///
    /// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
    init(_ item: MKMapItem) {
        var identifier: String?
        if #available(iOS 18, *) {
            identifier = item.identifier?.rawValue
        }
        let placemark = item.placemark
        let address = [placemark.thoroughfare, placemark.locality, placemark.country]
            .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        self.init(
            identifier: identifier, name: item.name, latitude: placemark.coordinate.latitude,
            longitude: placemark.coordinate.longitude, categoryRawValue: item.pointOfInterestCategory?.rawValue,
            phone: item.phoneNumber, website: item.url?.absoluteString, address: address.isEmpty ? nil : address)
    }
}

extension CLLocationCoordinate2D {
    /// The same position as a Loci coordinate (nil when MapKit gives an invalid one).
    public var lociCoordinate: Coordinate? { try? Coordinate(latitude: latitude, longitude: longitude) }
}

extension Coordinate {
    /// The same position for MapKit.
    public var clCoordinate: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: latitude, longitude: longitude) }
}
