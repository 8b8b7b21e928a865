import CoreLocation
import GeoKit
import ProximityKit

extension CLLocation {
    /// This location as the planner's fix, or `nil` when CoreLocation marks it invalid (a negative
    /// `horizontalAccuracy`) or its coordinate is out of range.
    var proximityFix: LocationFix? {
        Self.fix(
            latitude: coordinate.latitude, longitude: coordinate.longitude, accuracy: horizontalAccuracy,
            time: timestamp.timeIntervalSince1970)
    }

    /// The fix for a location's fields (see ``proximityFix``).
    static func fix(latitude: Double, longitude: Double, accuracy: Double, time: Double) -> LocationFix? {
        guard accuracy >= 0, let coordinate = try? Coordinate(latitude: latitude, longitude: longitude) else {
            return nil
        }
        return LocationFix(coordinate: coordinate, accuracy: accuracy, time: time)
    }
}
