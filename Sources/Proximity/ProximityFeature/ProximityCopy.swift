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

    /// "12 of 60 places watched now".
    public static func monitored(_ count: Int, of total: Int) -> String { "\(count) of \(total) places watched now" }
}
