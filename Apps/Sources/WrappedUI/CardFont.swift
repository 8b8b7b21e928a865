import SwiftUI
import WrappedCardLayout

/// The font card text is drawn in at a size in canvas pixels and a weight: it must be the font
/// the layout's `TextMeasuring` measured, or lines would not fit where the layout put them.
public typealias CardFont = @MainActor (_ size: Double, _ weight: FontWeight) -> Font

extension Color {
    /// A card colour (sRGB with alpha).
    init(_ color: RGBColor) {
        self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
}
