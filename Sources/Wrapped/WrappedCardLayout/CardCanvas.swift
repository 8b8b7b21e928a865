/// An axis-aligned rectangle in canvas pixels (origin top left, y down).
public struct CardRect: Sendable, Hashable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width (≥ 0).
    public var width: Double
    /// Height (≥ 0).
    public var height: Double

    /// Creates a rectangle.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }

    /// Whether `other` lies entirely inside this rectangle (edges may touch).
    public func contains(_ other: CardRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

/// The share-card canvas: 1080 × 1920 pixels (9:16, a phone story), with a safe area that keeps
/// every text clear of the top and bottom 250 px (where platforms draw their own chrome) and of
/// the sides by 80 px. Only the brand mark lives in the bottom band.
public enum CardCanvas {
    /// Canvas width in pixels.
    public static let width = 1080
    /// Canvas height in pixels.
    public static let height = 1920
    /// Height of the top and bottom bands that carry no content.
    public static let verticalMargin = 250.0
    /// Left and right margins of the content.
    public static let horizontalMargin = 80.0

    /// The whole canvas.
    public static let bounds = CardRect(x: 0, y: 0, width: Double(width), height: Double(height))

    /// Where content (every text but the brand mark, panels, photos) must stay.
    public static let safeArea = CardRect(
        x: horizontalMargin, y: verticalMargin,
        width: Double(width) - 2 * horizontalMargin, height: Double(height) - 2 * verticalMargin)

    /// The bottom band, where the brand mark sits.
    public static let bottomBand = CardRect(
        x: 0, y: Double(height) - verticalMargin, width: Double(width), height: verticalMargin)
}
