import GeoKit
import ProximityKit

/// The words Proximity's screens show, in one place.
public enum ProximityCopy {
    /// What a permission level means for the user, and what it loses, in plain words.
    public static func permission(_ level: LocationAuthorization) -> String {
        switch level {
        case .always:
            "Alerts arrive in the background, even after a restart."
        case .whenInUse:
            "Alerts only while Proximity is open: iOS will not wake it near your places. Choose Always in Settings to be told with the phone in your pocket."
        case .denied:
            "No alerts: Proximity cannot see where you are. Allow location in Settings."
        case .notDetermined:
            "Proximity needs your location to tell you when a saved place is near."
        }
    }

    /// Why alerts come late: the honest latency of background wake-ups, for a trip radius in metres.
    public static func latency(radius: Double, refreshRadius: Double) -> String {
        let warning = max(0, Int((radius - refreshRadius).rounded()))
        return "With a \(Int(radius.rounded())) m radius you are told at best about \(warning) m before a place, and often a minute or two late."
    }

    /// "60.17000, 24.94000": a position to 5 decimals (about 1 m).
    public static func coordinates(_ coordinate: Coordinate) -> String {
        "\(fixed(coordinate.latitude)), \(fixed(coordinate.longitude))"
    }

    /// The name of a dropped pin the geocoder could not name: "Dropped pin 60.17000, 24.94000".
    public static func droppedPin(_ coordinate: Coordinate) -> String { "Dropped pin \(coordinates(coordinate))" }

    private static func fixed(_ degrees: Double) -> String {
        let scaled = (degrees * 100_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = String(magnitude % 100_000)
        return "\(sign)\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }

    /// A trip's progress: "3 of 12 visited".
    public static func progress(_ visited: Int, of total: Int) -> String { "\(visited) of \(total) visited" }

    /// "12 of 60 places watched now".
    public static func monitored(_ count: Int, of total: Int) -> String { "\(count) of \(total) places watched now" }
}
