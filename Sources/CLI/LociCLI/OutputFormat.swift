import Foundation
import GeoKit

/// Number formatting shared by the commands' text output (JSON goes through ``CLIJSON``).
enum OutputFormat {
    /// A number with a fixed count of decimals ("1234.5678").
    static func number(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
