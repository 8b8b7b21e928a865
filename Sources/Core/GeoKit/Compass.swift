import Foundation

/// Compass points and human-readable "distance direction" text, e.g. "350 m northeast".
public enum Compass {
    /// How finely bearings are named.
    public enum Resolution: Int, Sendable, CaseIterable {
        /// N, NE, E, SE, S, SW, W, NW.
        case eight = 8
        /// N, NNE, NE, ENE, E, … (adds the secondary intercardinal points).
        case sixteen = 16
    }

    private static let sixteenNames = [
        "north", "north-northeast", "northeast", "east-northeast",
        "east", "east-southeast", "southeast", "south-southeast",
        "south", "south-southwest", "southwest", "west-southwest",
        "west", "west-northwest", "northwest", "north-northwest",
    ]

    private static let sixteenAbbreviations = [
        "N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
        "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW",
    ]

    /// Index of the compass sector containing `bearing` (sectors centred on the points).
    static func sector(_ bearing: Double, resolution: Resolution) -> Int {
        let count = Double(resolution.rawValue)
        let width = 360 / count
        let index = Int(((Angle.normalizeBearing(bearing) + width / 2) / width).rounded(.down))
        // Step through the sixteen-point tables: every point for sixteen, every other for eight.
        return (index % resolution.rawValue) * (16 / resolution.rawValue)
    }

    /// The compass point for a bearing in degrees, as a lower-case word: "northeast".
    ///
    /// Bearings that are not finite have no direction and return nil.
    public static func name(for bearing: Double, resolution: Resolution = .eight) -> String? {
        guard bearing.isFinite else { return nil }
        return sixteenNames[sector(bearing, resolution: resolution)]
    }

    /// The abbreviation for a bearing: "NE", "SSW".
    public static func abbreviation(for bearing: Double, resolution: Resolution = .eight) -> String? {
        guard bearing.isFinite else { return nil }
        return sixteenAbbreviations[sector(bearing, resolution: resolution)]
    }

    /// Text such as "350 m northeast" or "2.4 km south-southwest".
    ///
    /// Distances under 1 km are rounded to 10 m (to 1 m under 100 m), under 10 km to 0.1 km,
    /// then to whole kilometres. A distance under 1 m reads "here".
    public static func describe(distance: Double, bearing: Double, resolution: Resolution = .eight) -> String
    {
        guard distance.isFinite, distance >= 0 else { return "unknown distance" }
        if distance < 1 { return "here" }
        let direction = name(for: bearing, resolution: resolution).map { " " + $0 } ?? ""
        return formatDistance(distance) + direction
    }

    /// A distance in metres as people say it: "8 m", "350 m", "2.4 km", "120 km".
    public static func formatDistance(_ metres: Double) -> String {
        if metres < 100 { return "\(Int(metres.rounded())) m" }
        if metres < 995 { return "\(Int((metres / 10).rounded()) * 10) m" }
        if metres < 9_950 { return String(format: "%.1f km", metres / 1000) }
        return "\(Int((metres / 1000).rounded())) km"
    }
}
