import GeoKit
import MapKit
import ProximityFeature
import ProximityKit
import SwiftUI

/// The places on a SwiftUI `Map` (iOS 17 map content): a marker per place, its alert circle
/// (`MapCircle`, the place's own radius or the trip's), the refresh region the OS watches around the user, and the user's location.
/// Tapping a marker shows the place's details (name, alert radius, note, visited) with "Open in
/// Maps" and "Edit"; a long press drops a pin there (added as a place, named by reverse geocoding).
struct PlacesMapView: View {
    let map: PlacesMapState
    let navigate: (String) -> Void
    let dropPin: (Coordinate) -> Void
    let edit: (String) -> Void
    @State private var selection: String?

    var body: some View {
        MapReader { proxy in
            content
                .simultaneousGesture(
                    LongPressGesture(minimumDuration: 0.5)
                        .sequenced(before: DragGesture(minimumDistance: 0, coordinateSpace: .local))
                        .onEnded { value in
                            guard case .second(true, let drag?) = value,
                                let point = proxy.convert(drag.location, from: .local),
                                let coordinate = try? Coordinate(latitude: point.latitude, longitude: point.longitude)
                            else { return }
                            dropPin(coordinate)
                        })
        }
    }

    private var content: some View {
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
        .safeAreaInset(edge: .bottom) {
            if let selected = map.annotations.first(where: { $0.id == selection }) {
                PlaceDetailsCard(place: selected, navigate: { navigate(selected.id) }, edit: { edit(selected.id) })
                    .padding()
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

/// A selected marker's details: name, visited, alert radius, note; Open in Maps and Edit.
private struct PlaceDetailsCard: View {
    let place: PlaceAnnotation
    let navigate: () -> Void
    let edit: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            HStack {
                Text(place.title).font(.headline)
                if place.isVisited {
                    Label("Visited", systemImage: "checkmark.circle.fill")
                        .font(.caption)
                        .foregroundStyle(Color.green)
                }
            }
            Text("Alert within \(Int(place.radius)) m" + (place.isMonitored ? ", watched now" : ""))
                .font(.subheadline)
                .foregroundStyle(.secondary)
            if let note = place.note {
                Text(note).font(.subheadline)
            }
            HStack {
                Button("Open in Maps", systemImage: "arrow.triangle.turn.up.right.diamond", action: navigate)
                    .buttonStyle(.borderedProminent)
                Button("Edit", systemImage: "pencil", action: edit)
                    .buttonStyle(.bordered)
            }
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
    }
}
