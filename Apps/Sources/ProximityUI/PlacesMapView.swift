import GeoKit
import MapKit
import ProximityFeature
import ProximityKit
import SwiftUI

/// The places on a SwiftUI `Map` (iOS 17 map content): a marker per place, its alert circle
/// (`MapCircle`, the place's own radius or the trip's), the refresh region the OS watches around the user, and the user's location.
/// Tapping a marker shows the place's details (name, alert radius, note, visited) with "Open in
/// Maps" and "Edit"; a long press drops a pin there (added as a place, named by reverse geocoding;
/// VoiceOver: the map's "Drop a pin at the centre" action).
///
/// A marker's state is its symbol's shape and a word for VoiceOver, not only its colour: a bell
/// with a badge is alerting now, a bell watched now, a tick visited, a pin not watched.
struct PlacesMapView: View {
    let map: PlacesMapState
    let navigate: (String) -> Void
    let dropPin: (Coordinate) -> Void
    let edit: (String) -> Void
    @State private var selection: String?
    @State private var center: Coordinate?

    var body: some View {
        MapReader { proxy in
            content
                .simultaneousGesture(
                    LongPressGesture(minimumDuration: 0.5)
                        .sequenced(before: DragGesture(minimumDistance: 0, coordinateSpace: .local))
                        .onEnded { value in
                            guard case .second(true, let drag?) = value,
                                let point = proxy.convert(drag.location, from: .local),
                                // MapKit converts only to valid coordinates: a refusal here has nothing to tell.
                                let coordinate = try? Coordinate(latitude: point.latitude, longitude: point.longitude)
                            else { return }
                            dropPin(coordinate)
                        })
        }
        .onMapCameraChange { context in
            // Nothing to tell when MapKit's centre is not a valid coordinate: the action is then hidden.
            center = try? Coordinate(latitude: context.region.center.latitude, longitude: context.region.center.longitude)
        }
        .accessibilityAction(named: Text("Drop a pin at the centre")) {
            if let center { dropPin(center) }
        }
    }

    private var content: some View {
        Map(initialPosition: position, selection: $selection) {
            ForEach(map.annotations) { place in
                Annotation(place.title, coordinate: coordinate(place.coordinate)) {
                    PlaceMarkerGlyph(place: place)
                }
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
        // The places stay reachable one by one (their markers are buttons); the map says what it is.
        .accessibilityElement(children: .contain)
        .accessibilityLabel("Map of this trip's places")
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

/// A place's marker: a filled circle whose symbol's shape says its state (see ``PlacesMapView``),
/// sized with the text.
private struct PlaceMarkerGlyph: View {
    let place: PlaceAnnotation
    @ScaledMetric(relativeTo: .body) private var size = 30.0

    var body: some View {
        Image(systemName: symbol)
            .font(.callout.weight(.semibold))
            .foregroundStyle(.white)
            .frame(width: size, height: size)
            .background(tint, in: Circle())
            .accessibilityElement(children: .ignore)
            .accessibilityLabel(Text(verbatim: place.title))
            .accessibilityValue(PlaceStateText.of(place))
            .accessibilityAddTraits(.isButton)
            .accessibilityHint(Text("Shows the place's details"))
    }

    private var symbol: String {
        if place.isAlerting { return "bell.badge.fill" }  // not-copy: an SF Symbol name
        if place.isMonitored { return "bell.fill" }  // not-copy: an SF Symbol name
        if place.isVisited { return "checkmark" }  // not-copy: an SF Symbol name
        return "mappin"  // not-copy: an SF Symbol name
    }

    private var tint: Color {
        if place.isAlerting { return .red }
        if place.isMonitored { return .accentColor }
        if place.isVisited { return .green }
        return .gray
    }
}

/// A place's state in words: "Alert now, watched now, visited" (only those that hold), or "Not
/// watched now".
enum PlaceStateText {
    static func of(_ place: PlaceAnnotation) -> Text {
        var parts: [Text] = []
        if place.isAlerting { parts.append(Text("Alert now")) }
        parts.append(place.isMonitored ? Text("Watched now") : Text("Not watched now"))
        if place.isVisited { parts.append(Text("Visited")) }
        return parts.dropFirst().reduce(parts[0]) { Text("\($0), \($1)") }
    }
}

/// A selected marker's details: name, visited, alert radius, note; Open in Maps and Edit.
private struct PlaceDetailsCard: View {
    let place: PlaceAnnotation
    let navigate: () -> Void
    let edit: () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(verbatim: place.title).font(.headline)
            let radius = ProximityFormat.metres(place.radius)
            Text("Alert within \(radius)")
                .font(.subheadline)
                .foregroundStyle(.secondary)
            PlaceStateText.of(place)
                .font(.subheadline)
            if let note = place.note {
                Text(verbatim: note).font(.subheadline)
            }
            ViewThatFits(in: .horizontal) {
                HStack { buttons }
                VStack(alignment: .leading) { buttons }
            }
        }
        .padding()
        .frame(maxWidth: .infinity, alignment: .leading)
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
    }

    @ViewBuilder
    private var buttons: some View {
        Button("Open in Maps", systemImage: "arrow.triangle.turn.up.right.diamond", action: navigate)
            .buttonStyle(.borderedProminent)
        Button("Edit", systemImage: "pencil", action: edit)
            .buttonStyle(.bordered)
    }
}
