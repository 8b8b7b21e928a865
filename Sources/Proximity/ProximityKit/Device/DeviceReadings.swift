import Foundation
import GeoKit

// The fields a live adapter reads from an Apple framework, turned into the kit's values. Pure
// functions here (tested on Linux), so an adapter only reads fields and calls one of them.

extension LocationFix {
    /// A location reading's fields (CoreLocation's `CLLocation`) as a fix, or `nil` when the
    /// reading is marked invalid (a negative horizontal accuracy) or its coordinate is out of range.
    public init?(latitude: Double, longitude: Double, horizontalAccuracy: Double, timestamp: Double) {
        guard horizontalAccuracy >= 0, horizontalAccuracy.isFinite, timestamp.isFinite,
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        self.init(coordinate: coordinate, accuracy: horizontalAccuracy, time: timestamp)
    }
}

extension MotionActivity {
    /// A motion reading's flags (CoreMotion's `CMMotionActivity`) as one activity: the fastest
    /// flag set wins (a car at a red light reads automotive and stationary at once).
    public init(stationary: Bool, walking: Bool, running: Bool, cycling: Bool, automotive: Bool) {
        self =
            if automotive { .automotive } else if cycling { .cycling } else if running { .running }
            else if walking { .walking } else if stationary { .stationary } else { .unknown }
    }
}

/// What a posted notification carries in its `userInfo`: the planner's id, the trip and the
/// places, so a tapped notification names them without the app remembering anything.
public struct NotificationPayload: Sendable, Equatable {
    static let plannerKey = "proximity.planner"
    static let tripKey = "proximity.trip"
    static let placesKey = "proximity.places"

    /// The planner's notification id.
    public var plannerID: String
    /// The trip it is about.
    public var tripID: String
    /// The places it announces.
    public var placeIDs: [String]

    /// The payload of a notification about to be posted.
    public init(_ notification: PostedNotification) {
        plannerID = notification.plannerID
        tripID = notification.tripID
        placeIDs = notification.placeIDs
    }

    /// The payload read back from a delivered notification, or `nil` when `userInfo` is not one
    /// of Proximity's (another sender, or a field of the wrong type).
    public init?(userInfo: [AnyHashable: Any]) {
        guard let tripID = userInfo[Self.tripKey] as? String, let placeIDs = userInfo[Self.placesKey] as? [String] else {
            return nil
        }
        self.tripID = tripID
        self.placeIDs = placeIDs
        plannerID = userInfo[Self.plannerKey] as? String ?? ""
    }

    /// The dictionary stored in the notification request.
    public var userInfo: [AnyHashable: Any] {
        [Self.plannerKey: plannerID, Self.tripKey: tripID, Self.placesKey: placeIDs]
    }

    /// The posted notification this payload and the delivered request's fields describe.
    public func notification(
        identifier: String, title: String, body: String, threadID: String, categoryID: String
    ) -> PostedNotification {
        PostedNotification(
            identifier: identifier, plannerID: plannerID, title: title, body: body, threadID: threadID,
            categoryID: categoryID, tripID: tripID, placeIDs: placeIDs)
    }
}
