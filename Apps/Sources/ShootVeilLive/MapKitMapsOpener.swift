import IdentifyKit
import MapKit

/// The hand-off to Apple Maps through `MKMapItem.openInMaps`: a `MapsOpener`.
///
/// The item is the identified building's name and the point where the tap ray entered it;
/// Maps shows it with walking directions offered.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct MapKitMapsOpener: MapsOpener {
    /// The opener.
    public init() {}

    /// Opens Maps; `true` when it opened.
    public func open(_ place: MapsHandOff) async -> Bool {
        await MainActor.run {
            let item = MKMapItem(
                placemark: MKPlacemark(
                    coordinate: CLLocationCoordinate2D(
                        latitude: place.coordinate.latitude, longitude: place.coordinate.longitude)))
            item.name = place.name
            return item.openInMaps(launchOptions: [MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeWalking])
        }
    }
}
