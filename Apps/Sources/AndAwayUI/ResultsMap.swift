import AndAwayFeature
import GeoKit
import MapKit
import PlaceKit
import SwiftUI

/// The results as pins (SwiftUI `Map`, iOS 17), saved ones filled, the user shown.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct ResultsMap: View {
    let map: AndAwayMapState
    let select: (PlaceID) -> Void
    /// The user moved the map (reported when the move ends).
    var moved: (MapViewport) -> Void = { _ in }

    var body: some View {
        Map(initialPosition: position) {
            UserAnnotation()
            ForEach(map.pins) { pin in
                Annotation(pin.title, coordinate: CLLocationCoordinate2D(latitude: pin.coordinate.latitude, longitude: pin.coordinate.longitude)) {
                    Button { select(pin.id) } label: {
                        Image(systemName: pin.symbolName)
                            .padding(6)
                            .background(pin.isSaved ? AnyShapeStyle(.tint) : AnyShapeStyle(.background), in: Circle())
                            .overlay(Circle().stroke(map.selected == pin.id ? Color.primary : .clear, lineWidth: 2))
                    }
                }
            }
        }
        .onMapCameraChange(frequency: .onEnd) { context in
            moved(
                MapViewport(
                    center: Coordinate(uncheckedLatitude: context.region.center.latitude, longitude: context.region.center.longitude),
                    latitudeSpan: context.region.span.latitudeDelta, longitudeSpan: context.region.span.longitudeDelta))
        }
    }

    private var position: MapCameraPosition {
        guard let viewport = map.viewport else { return .userLocation(fallback: .automatic) }
        return .region(
            MKCoordinateRegion(
                center: CLLocationCoordinate2D(latitude: viewport.center.latitude, longitude: viewport.center.longitude),
                span: MKCoordinateSpan(latitudeDelta: viewport.latitudeSpan, longitudeDelta: viewport.longitudeSpan)))
    }
}
