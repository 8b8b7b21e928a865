import AndAwayFeature
import GeoKit
import MapKit
import PlaceKit
import SwiftUI

/// The results as pins (SwiftUI `Map`, iOS 17), saved ones filled and badged, the user shown;
/// each pin is a button VoiceOver reads by the place's name, with "Saved" as its value.
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
                            // Saved is a shape too (a bookmark badge), not only the fill colour.
                            .overlay(alignment: .topTrailing) {
                                if pin.isSaved {
                                    Image(systemName: "bookmark.circle.fill").font(.caption2).accessibilityHidden(true)
                                }
                            }
                    }
                    .accessibilityLabel(Text(verbatim: pin.title))
                    .accessibilityValue(pin.isSaved ? Text("Saved") : Text(verbatim: ""))
                    .accessibilityAddTraits(map.selected == pin.id ? .isSelected : [])
                    .accessibilityHint("Opens the place's details")
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
