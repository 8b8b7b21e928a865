import GeoKit
import MapKit
import SwiftUI
import TidepoolFeature
import TidepoolKit

/// The map under Tidepool's screen: Apple's base map, the server's heat tiles as an
/// `MKTileOverlay` (SwiftUI's `Map` has no raster overlay) or, in the high-contrast palette, each
/// released tile filled with its band; each tile's outline as strong as its people are like the
/// user; the user's own ring; the search's places as markers. A tap on the map away from a
/// marker asks the model for the nearest place; a tap on a marker opens it.
///
/// LociUI's `TileMapView` draws the tiles only; this one also reports where the map stopped and
/// draws the rest. Everything it draws comes from ``TidepoolMapModel``.
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct HeatMapView: UIViewRepresentable {
    let tileURLTemplate: String
    let center: CLLocationCoordinate2D
    let tiles: [MapHeatTile]
    let ring: OwnPresenceRing?
    let palette: HeatPalette
    let markers: [SearchRow]
    let regionChanged: (MapViewport) -> Void
    /// A tap on the map: where, and how many metres a fingertip covers there.
    let tapped: (Coordinate, Double) -> Void
    /// A tap on a marker: its place id.
    let openMarker: (String) -> Void

    func makeCoordinator() -> Coordinator {
        Coordinator(regionChanged: regionChanged, tapped: tapped, openMarker: openMarker)
    }

    func makeUIView(context: Context) -> MKMapView {
        let map = MKMapView()
        map.delegate = context.coordinator
        map.showsUserLocation = false
        map.setRegion(
            MKCoordinateRegion(center: center, latitudinalMeters: 3_000, longitudinalMeters: 3_000),
            animated: false)
        let tap = UITapGestureRecognizer(
            target: context.coordinator, action: #selector(Coordinator.mapTapped(_:)))
        tap.delegate = context.coordinator
        map.addGestureRecognizer(tap)
        context.coordinator.heat = MKTileOverlay(urlTemplate: tileURLTemplate)
        context.coordinator.heat?.canReplaceMapContent = false
        return map
    }

    func updateUIView(_ map: MKMapView, context: Context) {
        let coordinator = context.coordinator
        coordinator.regionChanged = regionChanged
        coordinator.tapped = tapped
        coordinator.openMarker = openMarker
        coordinator.show(palette: palette, tiles: tiles, on: map)
        coordinator.show(ring: ring, on: map)
        coordinator.show(markers: markers, on: map)
    }

    /// A search result's marker.
    final class PlaceMarker: MKPointAnnotation {
        var placeID = ""
    }

    /// The delegate: renderers, the region reported when the map stops, taps.
    final class Coordinator: NSObject, MKMapViewDelegate, UIGestureRecognizerDelegate {
        var regionChanged: (MapViewport) -> Void
        var tapped: (Coordinate, Double) -> Void
        var openMarker: (String) -> Void
        var heat: MKTileOverlay?
        private var heatShown = false
        private var outlines: [MKPolygon] = []
        private var circle: MKCircle?
        private var tileOf: [ObjectIdentifier: MapHeatTile] = [:]
        private var shown: [MapHeatTile] = []
        private var shownPalette: HeatPalette?
        private var markersShown: [SearchRow] = []
        private var palette = HeatPalette.standard

        init(
            regionChanged: @escaping (MapViewport) -> Void, tapped: @escaping (Coordinate, Double) -> Void,
            openMarker: @escaping (String) -> Void
        ) {
            self.regionChanged = regionChanged
            self.tapped = tapped
            self.openMarker = openMarker
        }

        func show(palette: HeatPalette, tiles: [MapHeatTile], on map: MKMapView) {
            self.palette = palette
            if let heat, palette.usesServerTiles != heatShown {
                if palette.usesServerTiles {
                    map.addOverlay(heat, level: .aboveRoads)
                } else {
                    map.removeOverlay(heat)
                }
                heatShown = palette.usesServerTiles
            }
            guard tiles != shown || palette != shownPalette else { return }
            map.removeOverlays(outlines)
            tileOf = [:]
            outlines = tiles.map { tile in
                var corners = [
                    CLLocationCoordinate2D(latitude: tile.south, longitude: tile.west),
                    CLLocationCoordinate2D(latitude: tile.south, longitude: tile.east),
                    CLLocationCoordinate2D(latitude: tile.north, longitude: tile.east),
                    CLLocationCoordinate2D(latitude: tile.north, longitude: tile.west),
                ]
                let polygon = MKPolygon(coordinates: &corners, count: corners.count)
                tileOf[ObjectIdentifier(polygon)] = tile
                return polygon
            }
            map.addOverlays(outlines, level: .aboveLabels)
            shown = tiles
            shownPalette = palette
        }

        func show(ring: OwnPresenceRing?, on map: MKMapView) {
            guard
                circle?.coordinate.latitude != ring?.center.latitude
                    || circle?.coordinate.longitude != ring?.center.longitude
            else { return }
            if let circle { map.removeOverlay(circle) }
            circle = ring.map {
                MKCircle(
                    center: CLLocationCoordinate2D(
                        latitude: $0.center.latitude, longitude: $0.center.longitude),
                    radius: $0.radiusMeters)
            }
            if let circle { map.addOverlay(circle, level: .aboveLabels) }
        }

        func show(markers: [SearchRow], on map: MKMapView) {
            guard markers != markersShown else { return }
            map.removeAnnotations(map.annotations.filter { $0 is PlaceMarker })
            map.addAnnotations(
                markers.map { row in
                    let marker = PlaceMarker()
                    marker.placeID = row.id
                    marker.title = row.title
                    marker.subtitle = row.reason
                    marker.coordinate = CLLocationCoordinate2D(
                        latitude: row.coordinate.latitude, longitude: row.coordinate.longitude)
                    return marker
                })
            markersShown = markers
        }

        func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer {
            if let tiles = overlay as? MKTileOverlay {
                let renderer = MKTileOverlayRenderer(tileOverlay: tiles)
                renderer.alpha = 0.8
                return renderer
            }
            if let polygon = overlay as? MKPolygon {
                let renderer = MKPolygonRenderer(polygon: polygon)
                let tile = tileOf[ObjectIdentifier(polygon)]
                let likeness = Self.lineWidth(tile?.likeness ?? .notMuchLikeYou)
                if palette.usesServerTiles {
                    renderer.fillColor = .clear
                    renderer.strokeColor = UIColor.systemIndigo
                    renderer.lineWidth = likeness
                } else {
                    let band = HeatPalette.band(for: tile?.intensity ?? 0)
                    let colour = UIColor(red: band.red, green: band.green, blue: band.blue, alpha: 1)
                    renderer.fillColor = colour.withAlphaComponent(band.opacity)
                    renderer.strokeColor = .black
                    renderer.lineWidth = band.lineWidth + likeness
                }
                return renderer
            }
            if let circle = overlay as? MKCircle {
                let renderer = MKCircleRenderer(circle: circle)
                renderer.fillColor = UIColor.systemBlue.withAlphaComponent(0.18)
                renderer.strokeColor = UIColor.systemBlue.withAlphaComponent(0.6)
                renderer.lineWidth = 1
                return renderer
            }
            return MKOverlayRenderer(overlay: overlay)
        }

        func mapView(_ mapView: MKMapView, didSelect annotation: any MKAnnotation) {
            guard let marker = annotation as? PlaceMarker else { return }
            mapView.deselectAnnotation(annotation, animated: false)
            openMarker(marker.placeID)
        }

        func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {
            let region = mapView.region
            regionChanged(
                MapViewport(
                    south: region.center.latitude - region.span.latitudeDelta / 2,
                    west: region.center.longitude - region.span.longitudeDelta / 2,
                    north: region.center.latitude + region.span.latitudeDelta / 2,
                    east: region.center.longitude + region.span.longitudeDelta / 2))
        }

        /// Taps on a marker belong to the marker, not to the map.
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool
        {
            !(touch.view is MKAnnotationView)
        }

        /// The map's own gestures (double-tap zoom) keep working.
        func gestureRecognizer(
            _ gestureRecognizer: UIGestureRecognizer,
            shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer
        ) -> Bool { true }

        @objc func mapTapped(_ recognizer: UITapGestureRecognizer) {
            guard recognizer.state == .ended, let map = recognizer.view as? MKMapView else { return }
            let point = recognizer.location(in: map)
            let here = map.convert(point, toCoordinateFrom: map)
            // A fingertip: 22 points either side of the tap, in metres at this zoom.
            let edge = map.convert(CGPoint(x: point.x + 22, y: point.y), toCoordinateFrom: map)
            let reach = CLLocation(latitude: here.latitude, longitude: here.longitude)
                .distance(from: CLLocation(latitude: edge.latitude, longitude: edge.longitude))
            guard let coordinate = try? Coordinate(latitude: here.latitude, longitude: here.longitude) else {  // try?: off the globe, nothing to open
                return
            }
            tapped(coordinate, reach)
        }

        /// Outline weight per likeness (layout only: the band is the model's).
        static func lineWidth(_ likeness: MapHeatTile.Likeness) -> CGFloat {
            switch likeness {
            case .veryLikeYou: 3
            case .somewhatLikeYou: 1.5
            case .notMuchLikeYou: 0
            }
        }
    }
}
