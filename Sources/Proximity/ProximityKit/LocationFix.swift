import GeoKit

/// A location reading: position, horizontal accuracy and time.
public struct LocationFix: Sendable, Equatable, Codable {
    /// Where.
    public var coordinate: Coordinate
    /// 68 % horizontal accuracy radius in metres (CoreLocation's `horizontalAccuracy`); negative = invalid.
    public var accuracy: Double
    /// Seconds since 1970 UTC.
    public var time: Double

    /// Creates a fix.
    public init(coordinate: Coordinate, accuracy: Double, time: Double) {
        self.coordinate = coordinate
        self.accuracy = accuracy
        self.time = time
    }
}

/// What the motion coprocessor says the user is doing (Core Motion's activity classes).
public enum MotionActivity: String, Sendable, Codable, CaseIterable {
    case stationary, walking, running, cycling, automotive, unknown
}
