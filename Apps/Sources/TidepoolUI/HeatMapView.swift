import MapKit
import SwiftUI
import TidepoolFeature
import TidepoolKit

/// The map under Tidepool's screen: Apple's base map, the server's heat tiles as an
/// `MKTileOverlay` (SwiftUI's `Map` has no raster overlay), each released tile's outline drawn
/// as strong as its people are like the user, and the user's own ring.
///
/// LociUI's `TileMapView` draws the tiles only; this one also reports where the map stopped and
/// draws the outlines and the ring. Everything it draws comes from ``TidepoolMapModel``.
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct HeatMapView: UIViewRepresentable {
    let tileURLTemplate: String
    let center: CLLocationCoordinate2D
    let tiles: [MapHeatTile]
    let ring: OwnPresenceRing?
    let regionChanged: (MapViewport) -> Void

    func makeCoordinator() -> Coordinator { Coordinator(regionChanged: regionChanged) }

    func makeUIView(context: Context) -> MKMapView {
        let map = MKMapView()
        map.delegate = context.coordinator
        map.showsUserLocation = false
        map.setRegion(MKCoordinateRegion(center: center, latitudinalMeters: 3_000, longitudinalMeters: 3_000), animated: false)
        let heat = MKTileOverlay(urlTemplate: tileURLTemplate)
        heat.canReplaceMapContent = false
        map.addOverlay(heat, level: .aboveRoads)
        return map
    }

    func updateUIView(_ map: MKMapView, context: Context) {
        context.coordinator.regionChanged = regionChanged
        context.coordinator.show(tiles: tiles, ring: ring, on: map)
    }

    /// The delegate: renderers, and the region reported when the map stops.
    final class Coordinator: NSObject, MKMapViewDelegate {
        var regionChanged: (MapViewport) -> Void
        private var outlines: [MKPolygon] = []
        private var circle: MKCircle?
        private var likeness: [ObjectIdentifier: MapHeatTile.Likeness] = [:]
        private var shown: [MapHeatTile] = []

        init(regionChanged: @escaping (MapViewport) -> Void) { self.regionChanged = regionChanged }

        func show(tiles: [MapHeatTile], ring: OwnPresenceRing?, on map: MKMapView) {
            if tiles != shown {
                map.removeOverlays(outlines)
                likeness = [:]
                outlines = tiles.map { tile in
                    var corners = [
                        CLLocationCoordinate2D(latitude: tile.south, longitude: tile.west),
                        CLLocationCoordinate2D(latitude: tile.south, longitude: tile.east),
                        CLLocationCoordinate2D(latitude: tile.north, longitude: tile.east),
                        CLLocationCoordinate2D(latitude: tile.north, longitude: tile.west),
                    ]
                    let polygon = MKPolygon(coordinates: &corners, count: corners.count)
                    likeness[ObjectIdentifier(polygon)] = tile.likeness
                    return polygon
                }
                map.addOverlays(outlines, level: .aboveLabels)
                shown = tiles
            }
            if circle?.coordinate.latitude != ring?.center.latitude || circle?.coordinate.longitude != ring?.center.longitude {
                if let circle { map.removeOverlay(circle) }
                circle = ring.map {
                    MKCircle(
                        center: CLLocationCoordinate2D(latitude: $0.center.latitude, longitude: $0.center.longitude),
                        radius: $0.radiusMeters)
                }
                if let circle { map.addOverlay(circle, level: .aboveLabels) }
            }
        }

        func mapView(_ mapView: MKMapView, rendererFor overlay: any MKOverlay) -> MKOverlayRenderer {
            if let tiles = overlay as? MKTileOverlay {
                let renderer = MKTileOverlayRenderer(tileOverlay: tiles)
                renderer.alpha = 0.8
                return renderer
            }
            if let polygon = overlay as? MKPolygon {
                let renderer = MKPolygonRenderer(polygon: polygon)
                renderer.fillColor = .clear
                renderer.strokeColor = UIColor.systemIndigo
                renderer.lineWidth = Self.lineWidth(likeness[ObjectIdentifier(polygon)] ?? .notMuchLikeYou)
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

        func mapView(_ mapView: MKMapView, regionDidChangeAnimated animated: Bool) {
            let region = mapView.region
            regionChanged(
                MapViewport(
                    south: region.center.latitude - region.span.latitudeDelta / 2,
                    west: region.center.longitude - region.span.longitudeDelta / 2,
                    north: region.center.latitude + region.span.latitudeDelta / 2,
                    east: region.center.longitude + region.span.longitudeDelta / 2))
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
