/// The gates the viewfinder applies before it lets a tap identify.
public struct ViewfinderSettings: Sendable, Hashable {
    /// A compass worse than this (one sigma, degrees) asks for calibration and blocks
    /// identification: 20° keeps the building wedge (±3σ) under about ±60°. Reported accuracy is
    /// commonly 10–30° (`docs/shootveil.md`), so the prompt is shown often, and means it.
    public var calibrationThreshold = 20.0
    /// A location worse than this (horizontal accuracy, metres) blocks identification: the ray
    /// would start in the wrong street.
    public var maximumHorizontalAccuracy = 50.0
    /// An attitude or heading sample older than this (seconds) is stale: the phone has moved.
    public var maximumSensorAge = 2.0
    /// A location older than this (seconds) is stale.
    public var maximumLocationAge = 30.0

    /// The defaults.
    public init() {}
}
