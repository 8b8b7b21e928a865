import MapKit
import ProximityKit

/// Navigate: opens Apple Maps with directions to a saved place through `MKMapItem.openInMaps`:
/// a `MapItemOpener`.
///
/// The item is made from the place's name and coordinate (no MapKit place id is stored);
/// directions default to walking, the mode Proximity's alerts are tuned for.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct MapKitItemOpener: MapItemOpener {
    /// The opener.
    public init() {}

    /// Opens Maps; `true` when it opened.
    public func open(_ request: MapItemRequest) async -> Bool {
        await MainActor.run {
            let item = MKMapItem(
                placemark: MKPlacemark(
                    coordinate: CLLocationCoordinate2D(
                        latitude: request.coordinate.latitude, longitude: request.coordinate.longitude)))
            item.name = request.name
            return item.openInMaps(launchOptions: [MKLaunchOptionsDirectionsModeKey: MKLaunchOptionsDirectionsModeWalking])
        }
    }
}
