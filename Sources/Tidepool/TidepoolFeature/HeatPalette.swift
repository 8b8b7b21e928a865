import Foundation

/// The heat overlay's colours: the server's raster tiles, or a high-contrast ramp the phone
/// draws from the heat read that does not rely on hue alone.
///
/// The standard tiles say "how many" with hue (teal, amber, red), which a person with a red–green
/// colour-vision deficiency, or anyone in bright sun, may not tell apart. The high-contrast ramp
/// says it three ways at once: lightness (pale yellow to dark navy, the reversed *cividis* map of
/// Nuñez, Anderton and Renslow, PLOS ONE 2018, made for colour-vision deficiency), fill opacity,
/// and the outline's weight, in four bands of intensity.
public enum HeatPalette: String, Sendable, Codable, Equatable, CaseIterable {
    /// The server's tiles (`/v1/tiles/{z}/{x}/{y}.png`): teal for a few, amber, red for many.
    case standard
    /// Four bands drawn on the phone over each released tile: darker, more opaque and more
    /// heavily outlined as intensity rises.
    case highContrast

    /// How one band of the high-contrast ramp is drawn.
    public struct Band: Sendable, Equatable {
        /// Red, green, blue in 0…1 (sRGB).
        public var red: Double
        /// Green, 0…1.
        public var green: Double
        /// Blue, 0…1.
        public var blue: Double
        /// Fill opacity, 0…1.
        public var opacity: Double
        /// Outline width, points.
        public var lineWidth: Double

        /// WCAG 2 relative luminance of the colour (0 black … 1 white).
        public var luminance: Double {
            func linear(_ c: Double) -> Double { c <= 0.040_45 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        }
    }

    /// The four bands of the high-contrast ramp, from the fewest people to the most (cividis
    /// stops at 1, 2/3, 1/3 and 0).
    public static let bands: [Band] = [
        Band(red: 1.000, green: 0.918, blue: 0.275, opacity: 0.35, lineWidth: 0.5),
        Band(red: 0.651, green: 0.616, blue: 0.459, opacity: 0.5, lineWidth: 1),
        Band(red: 0.341, green: 0.361, blue: 0.427, opacity: 0.65, lineWidth: 2),
        Band(red: 0.000, green: 0.125, blue: 0.302, opacity: 0.8, lineWidth: 3),
    ]

    /// Whether the map shows the server's raster tiles (else it fills each tile with ``band(for:)``).
    public var usesServerTiles: Bool { self == .standard }

    /// The band of a tile of `intensity` (the server's 0…1; out-of-range values are clamped):
    /// quarters of the range, the top quarter the darkest.
    public static func band(for intensity: Double) -> Band {
        bands[bandIndex(for: intensity)]
    }

    /// Which of the four bands a tile of `intensity` falls in: 0 (the fewest people) to 3.
    public static func bandIndex(for intensity: Double) -> Int {
        let clamped = intensity.isFinite ? min(max(intensity, 0), 1) : 0
        return min(bands.count - 1, Int(clamped * Double(bands.count)))
    }
}
