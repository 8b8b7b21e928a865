import CoreLocation
import ProximityKit

extension CLLocation {
    /// This location as the planner's fix, or `nil` when CoreLocation marks it invalid (a negative
    /// `horizontalAccuracy`) or its coordinate is out of range (the kit's conversion).
    var proximityFix: LocationFix? {
        LocationFix(
            latitude: coordinate.latitude, longitude: coordinate.longitude, horizontalAccuracy: horizontalAccuracy,
            timestamp: timestamp.timeIntervalSince1970)
    }
}
