/// What every card draws under its content, in both skins: the palette's linear gradient from
/// the canvas's top-left corner to ``gradientEnd``, then two soft white circles. Described once
/// here so the Cairo renderer and the phone's SwiftUI view draw the same background.
public enum CardBackground {
    /// Where the gradient reaches the bottom colour, canvas pixels (40 % across, at the bottom).
    public static let gradientEnd = (x: 0.4 * Double(CardCanvas.width), y: Double(CardCanvas.height))
    /// The circles' fill.
    public static let glowColor = RGBColor(0xFFFFFF, alpha: 0.12)
    /// The two circles, canvas pixels: one off the top right, one off the bottom left.
    public static let glows = [
        CardCircle(
            centerX: 0.92 * Double(CardCanvas.width), centerY: 0.12 * Double(CardCanvas.height),
            radius: 0.42 * Double(CardCanvas.width)),
        CardCircle(
            centerX: 0.05 * Double(CardCanvas.width), centerY: 0.9 * Double(CardCanvas.height),
            radius: 0.5 * Double(CardCanvas.width)),
    ]
}

/// A circle in canvas pixels.
public struct CardCircle: Sendable, Hashable {
    /// Centre, left to right.
    public var centerX: Double
    /// Centre, top to bottom.
    public var centerY: Double
    /// Radius.
    public var radius: Double

    /// Creates a circle.
    public init(centerX: Double, centerY: Double, radius: Double) {
        self.centerX = centerX
        self.centerY = centerY
        self.radius = radius
    }
}
