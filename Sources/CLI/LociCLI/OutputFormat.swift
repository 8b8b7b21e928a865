import Foundation
import GeoKit

/// Formatting shared by the commands: stable JSON and fixed-decimal numbers.
enum OutputFormat {
    /// Pretty JSON with sorted keys, so output is stable and diffable.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A number with a fixed count of decimals ("1234.5678").
    static func number(_ value: Double, decimals: Int) -> String {
        String(format: "%.\(decimals)f", value)
    }
}
