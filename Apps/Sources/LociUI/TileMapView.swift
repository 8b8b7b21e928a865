import MapKit
import SwiftUI

/// A map with raster XYZ tiles (`{z}/{x}/{y}`) drawn over Apple's base map.
///
/// SwiftUI's `Map` has no raster tile overlay, so this wraps `MKMapView` with an `MKTileOverlay`.
/// The overlay never replaces the base map (`canReplaceMapContent = false`): tiles with holes or
/// transparency (a heat layer) show the streets beneath. Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct TileMapView: UIViewRepresentable {
    /// The tile URL template, e.g. `https://host/tiles/{z}/{x}/{y}.png`.
    public var tileURLTemplate: String
    /// Where the map opens.
    public var center: CLLocationCoordinate2D
    /// How much ground the map shows at first, in metres from edge to edge.
    public var span: CLLocationDistance
    /// The tiles' opacity, 0...1.
    public var tileOpacity: Double

    /// A map centred on `center`, `span` metres across, with tiles from `tileURLTemplate`.
    public init(
        tileURLTemplate: String, center: CLLocationCoordinate2D, span: CLLocationDistance,
        tileOpacity: Double = 0.8
    ) {
        self.tileURLTemplate = tileURLTemplate
        self.center = center
        self.span = span
        self.tileOpacity = tileOpacity
    }

    public func makeCoordinator() -> Coordinator {
        Coordinator(tileOpacity: tileOpacity)
    }

    public func makeUIView(context: Context) -> MKMapView {
        let map = MKMapView()
        map.delegate = context.coordinator
        map.setRegion(
            MKCoordinateRegion(center: center, latitudinalMeters: span, longitudinalMeters: span),
            animated: false)
        installTiles(on: map, coordinator: context.coordinator)
        return map
    }

    public func updateUIView(_ map: MKMapView, context: Context) {
        context.coordinator.tileOpacity = tileOpacity
        installTiles(on: map, coordinator: context.coordinator)
    }

    /// Adds the tile overlay, replacing the previous one only when the template changed.
    private func installTiles(on map: MKMapView, coordinator: Coordinator) {
        guard coordinator.overlay?.urlTemplate != tileURLTemplate else { return }
        if let old = coordinator.overlay { map.removeOverlay(old) }
        let tiles = MKTileOverlay(urlTemplate: tileURLTemplate)
        tiles.canReplaceMapContent = false
        map.addOverlay(tiles, level: .aboveRoads)
        coordinator.overlay = tiles
    }

    /// Draws the tile overlay for the map view.
    public final class Coordinator: NSObject, MKMapViewDelegate {
        /// The overlay on the map now.
        var overlay: MKTileOverlay?
        /// The tiles' opacity.
        var tileOpacity: Double

        init(tileOpacity: Double) {
            self.tileOpacity = tileOpacity
        }

        public func mapView(_ mapView: MKMapView, rendererFor overlay: MKOverlay) -> MKOverlayRenderer {
            guard let tiles = overlay as? MKTileOverlay else { return MKOverlayRenderer(overlay: overlay) }
            let renderer = MKTileOverlayRenderer(tileOverlay: tiles)
            renderer.alpha = CGFloat(tileOpacity)
            return renderer
        }
    }
}
