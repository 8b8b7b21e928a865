import Foundation
import IdentifyKit

/// The words ShootVeil's screens show, in one place.
public enum ShootVeilCopy {
    /// Why a tap cannot identify now, and what to do about it.
    public static func blocker(_ blocker: ViewfinderBlocker) -> String {
        switch blocker {
        case .attitudeUnavailable: "This iPhone cannot tell where true north is, so ShootVeil cannot aim."
        case .locationDenied: "ShootVeil needs your location to know what is in front of you. Allow it in Settings."
        case .waitingForLocation: "Finding where you are…"
        case .locationTooCoarse(let accuracy):
            "Your location is only good to \(Int(accuracy.rounded())) m. Step into the open and wait a moment."
        case .waitingForHeading: "Reading the compass…"
        case .compassNeedsCalibration: calibrationAdvice
        case .waitingForAttitude: "Reading the phone's tilt…"
        case .cameraNotRunning: "Starting the camera…"
        }
    }

    /// What the calibration prompt asks for.
    public static let calibrationAdvice =
        "The compass is off. Move the phone in a figure of eight, away from metal and magnets, then aim again."

    /// The calibration prompt's title line ("Compass ±35°, needs ±20°").
    public static func calibration(_ prompt: CalibrationPrompt) -> String {
        let needed = Int(prompt.threshold.rounded())
        guard let accuracy = prompt.accuracy else { return "Compass not ready; needs ±\(needed)°" }
        return "Compass ±\(Int(accuracy.rounded()))°, needs ±\(needed)°"
    }

    /// "3 free identifications left this month", or the unlimited line.
    public static func allowance(freeRemaining: Int?, entitlement: Entitlement) -> String {
        if entitlement.isUnlimited { return "Unlimited identifications" }
        guard let left = freeRemaining else { return "" }
        return left == 1 ? "1 free identification left this month" : "\(left) free identifications left this month"
    }

    /// A confidence as a whole percentage ("62 %").
    public static func confidence(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }

    /// A distance in metres or kilometres ("240 m", "12.4 km").
    public static func distance(_ metres: Double) -> String {
        metres < 1_000 ? "\(Int(metres.rounded())) m" : String(format: "%.1f km", metres / 1_000)
    }

    /// A direction: compass point, azimuth and elevation ("NE 42°, 12° up").
    public static func direction(azimuth: Double, elevation: Double) -> String {
        let points = ["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
        let index = Int(((azimuth.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        let tilt = elevation >= 0 ? "\(Int(elevation.rounded()))° up" : "\(Int((-elevation).rounded()))° down"
        return "\(points[index]) \(Int(azimuth.rounded()))°, \(tilt)"
    }
}
