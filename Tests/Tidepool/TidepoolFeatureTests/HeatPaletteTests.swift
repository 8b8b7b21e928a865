import Foundation
import Testing
import TidepoolFeature

@Suite("The high-contrast heat palette does not rely on hue")
struct HeatPaletteTests {
    /// WCAG contrast ratio of two luminances.
    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    @Test(
        "each band is darker than the one below by a contrast of at least 2:1, more opaque and more thickly edged"
    )
    func monotonicBands() {
        let bands = HeatPalette.bands
        #expect(bands.count == 4)
        for (low, high) in zip(bands, bands.dropFirst()) {
            #expect(high.luminance < low.luminance)
            #expect(Self.contrast(low.luminance, high.luminance) >= 2)
            #expect(high.opacity > low.opacity)
            #expect(high.lineWidth > low.lineWidth)
        }
    }

    @Test(
        "intensity picks its quarter; out-of-range and non-finite values are clamped",
        arguments: [
            (0.0, 0), (0.249, 0), (0.25, 1), (0.5, 2), (0.74, 2), (0.75, 3), (1.0, 3), (7.0, 3), (-1.0, 0),
            (Double.nan, 0),
        ])
    func bandOfIntensity(intensity: Double, index: Int) {
        #expect(HeatPalette.band(for: intensity) == HeatPalette.bands[index])
    }

    @Test("only the standard palette draws the server's tiles")
    func serverTiles() {
        #expect(HeatPalette.standard.usesServerTiles)
        #expect(!HeatPalette.highContrast.usesServerTiles)
    }
}
