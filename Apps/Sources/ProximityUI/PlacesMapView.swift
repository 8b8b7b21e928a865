import GeoKit
import MapKit
import ProximityFeature
import ProximityKit
import SwiftUI

/// The places on a SwiftUI `Map` (iOS 17 map content): a marker per place, its alert circle
/// (`MapCircle`, the place's own radius or the trip's), the refresh region the OS watches around the user, and the user's location.
/// Tapping a marker offers "Open in Maps".
struct PlacesMapView: View {
    let map: PlacesMapState
    let navigate: (String) -> Void
    @State private var selection: String?

    var body: some View {
        Map(initialPosition: position, selection: $selection) {
            ForEach(map.annotations) { place in
                Marker(place.title, systemImage: place.isMonitored ? "bell.fill" : "mappin", coordinate: coordinate(place.coordinate))
                    .tint(place.isMonitored ? Color.accentColor : Color.gray)
                    .tag(place.id)
                MapCircle(center: coordinate(place.coordinate), radius: place.radius)
                    .foregroundStyle(Color.accentColor.opacity(0.12))
                    .stroke(Color.accentColor.opacity(0.6), lineWidth: 1)
            }
            if let refresh = map.refreshRegion {
                MapCircle(center: coordinate(refresh.center), radius: refresh.radius)
                    .foregroundStyle(Color.orange.opacity(0.08))
                    .stroke(Color.orange, style: StrokeStyle(lineWidth: 1, dash: [4, 4]))
            }
            UserAnnotation()
        }
        .mapControls {
            MapUserLocationButton()
            MapCompass()
            MapScaleView()
        }
        .safeAreaInset(edge: .top) {
            if let selected = map.annotations.first(where: { $0.id == selection }) {
                Button("Open \(selected.title) in Maps", systemImage: "arrow.triangle.turn.up.right.diamond") {
                    navigate(selected.id)
                }
                .buttonStyle(.borderedProminent)
                .padding(.top, 8)
            }
        }
    }

    private var position: MapCameraPosition {
        guard let region = map.region else { return .userLocation(fallback: .automatic) }
        return .region(
            MKCoordinateRegion(
                center: coordinate(region.center),
                span: MKCoordinateSpan(latitudeDelta: region.latitudeDelta, longitudeDelta: region.longitudeDelta)))
    }

    private func coordinate(_ coordinate: Coordinate) -> CLLocationCoordinate2D {
        CLLocationCoordinate2D(latitude: coordinate.latitude, longitude: coordinate.longitude)
    }
}
