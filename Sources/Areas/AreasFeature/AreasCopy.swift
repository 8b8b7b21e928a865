import Foundation

/// The area screens' words, in one place.
public enum AreasCopy {
    /// The "no area on this phone" card's title.
    public static let noAreaTitle = "No area on this phone"

    /// Why the app needs an area, by what it does with one.
    public static func noAreaExplanation(for use: String) -> String {
        "\(use) works offline from an area downloaded to this phone. None is here yet."
    }

    /// The nearest area offered, with its size.
    public static func nearest(_ name: String, bytes: Int64) -> String { "Nearest: \(name), \(size(bytes))" }

    /// A byte count as the list shows it, in decimal units: "820 KB", "12.3 MB", "1.2 GB".
    public static func size(_ bytes: Int64) -> String {
        let value = Double(bytes)
        if bytes < 1_000 { return "\(bytes) bytes" }
        if bytes < 1_000_000 { return "\(Int((value / 1_000).rounded())) KB" }
        if bytes < 1_000_000_000 { return "\(tenths(value / 1_000_000)) MB" }
        return "\(tenths(value / 1_000_000_000)) GB"
    }

    private static func tenths(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// The disk-use line at the bottom of the list.
    public static func diskUse(_ bytes: Int64) -> String { "Areas use \(size(bytes)) on this phone" }

    /// The server could not be reached.
    public static func offline(_ reason: String) -> String {
        "Offline: the area server could not be reached. Downloaded areas keep working. (\(reason))"
    }

    /// A downloaded file was refused.
    public static func refused(area: String, reason: String) -> String {
        "The download of \(area) was refused and not installed: \(reason)"
    }
}
