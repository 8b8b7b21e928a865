/// Sizes shared by the layout and the renderers (Cairo on Linux, SwiftUI on the phone), and
/// by the thumbnail store, which decodes photos at a tile's size.
public enum LayoutMetrics {
    /// Most place panels on one card.
    public static let maximumPanels = 4
    /// Gap between photo tiles, in canvas pixels.
    public static let tileGap = 16.0
    /// Side of a square photo tile in canvas pixels: three tiles and two gaps span the safe
    /// area's width (296 px on the 1080 px canvas).
    public static let tileSide = ((CardCanvas.safeArea.width - 2 * tileGap) / 3).rounded(.down)
    /// Corner radius of a place panel, canvas pixels.
    public static let panelCornerRadius = 36.0
    /// Corner radius of a photo tile, canvas pixels.
    public static let tileCornerRadius = 28.0
}
