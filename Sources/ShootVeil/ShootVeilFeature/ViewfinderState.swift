import IdentifyKit

/// Why a tap cannot identify right now, in the order the viewfinder checks.
public enum ViewfinderBlocker: Sendable, Hashable {
    /// The phone has no true-north attitude (no magnetometer, or CoreMotion lacks the frame).
    case attitudeUnavailable
    /// Location permission is refused.
    case locationDenied
    /// No location yet, or the last one is stale.
    case waitingForLocation
    /// The location is too coarse (its horizontal accuracy in metres).
    case locationTooCoarse(accuracy: Double)
    /// No compass reading yet, or the last one is stale.
    case waitingForHeading
    /// The compass is invalid (`accuracy` nil) or worse than the threshold: calibrate first.
    case compassNeedsCalibration(accuracy: Double?)
    /// No attitude yet, or the last one is stale.
    case waitingForAttitude
    /// The camera is not running (or the preview is not laid out).
    case cameraNotRunning
}

/// Whether a tap would identify now.
public enum Readiness: Sendable, Hashable {
    /// Tap away.
    case ready
    /// Not now, and why.
    case blocked(ViewfinderBlocker)

    /// Whether a tap would identify.
    public var isReady: Bool { self == .ready }
}

/// The calibration prompt: shown when the compass is invalid or worse than the threshold.
public struct CalibrationPrompt: Sendable, Hashable {
    /// The reported accuracy in degrees, `nil` when the heading is invalid.
    public var accuracy: Double?
    /// The threshold it failed, degrees.
    public var threshold: Double

    /// A prompt for a reported accuracy (`nil`: invalid) against a threshold.
    public init(accuracy: Double?, threshold: Double) {
        self.accuracy = accuracy
        self.threshold = threshold
    }
}

/// What the viewfinder shows: the latest readings with their accuracies, the camera's attitude
/// derived from them, the calibration prompt and whether a tap would identify.
public struct ViewfinderState: Sendable, Hashable {
    /// The latest location, if any.
    public var location: LocationSample?
    /// Whether location permission was refused.
    public var locationDenied = false
    /// The latest compass reading, if any.
    public var heading: HeadingSample?
    /// The latest attitude, if any.
    public var attitude: AttitudeSample?
    /// The back camera's optical axis from ``attitude`` (heading, pitch and roll, degrees).
    public var camera: CameraPointing?
    /// Whether the true-north attitude frame is available.
    public var attitudeAvailable = true
    /// Whether the camera runs with a laid-out preview.
    public var cameraRunning = false
    /// Shown when the compass needs calibrating.
    public var calibration: CalibrationPrompt?
    /// Whether a tap would identify now.
    public var readiness = Readiness.blocked(.waitingForLocation)

    /// Nothing known yet.
    public static let initial = ViewfinderState()
}

/// Where the back camera points: its optical axis's heading and pitch and the roll about it, degrees.
public struct CameraPointing: Sendable, Hashable {
    /// Clockwise from true north, 0..<360.
    public var heading: Double
    /// Above the horizon, −90…90.
    public var pitch: Double
    /// Clockwise about the optical axis seen from behind (positive: the image's right edge down).
    public var roll: Double

    /// The pointing of a camera attitude.
    public init(_ attitude: CameraAttitude) {
        heading = attitude.heading
        pitch = attitude.pitch
        roll = attitude.roll
    }
}
