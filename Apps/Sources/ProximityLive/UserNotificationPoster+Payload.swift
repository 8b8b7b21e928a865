import ProximityKit

extension UserNotificationPoster {
    /// What a request carries in `userInfo`: the planner's id, the trip and the places.
    struct Payload: Equatable {
        static let plannerKey = "proximity.planner"
        static let tripKey = "proximity.trip"
        static let placesKey = "proximity.places"

        var plannerID: String
        var tripID: String
        var placeIDs: [String]

        /// The payload of a notification about to be posted.
        init(_ notification: PostedNotification) {
            plannerID = notification.plannerID
            tripID = notification.tripID
            placeIDs = notification.placeIDs
        }

        /// The payload read back, or `nil` when `userInfo` is not one of ours.
        init?(userInfo: [AnyHashable: Any]) {
            guard let tripID = userInfo[Self.tripKey] as? String,
                let placeIDs = userInfo[Self.placesKey] as? [String]
            else { return nil }
            self.tripID = tripID
            self.placeIDs = placeIDs
            plannerID = userInfo[Self.plannerKey] as? String ?? ""
        }

        /// The dictionary stored in the request.
        var userInfo: [AnyHashable: Any] {
            [Self.plannerKey: plannerID, Self.tripKey: tripID, Self.placesKey: placeIDs]
        }

        /// The posted notification this payload and the request's fields describe.
        func notification(
            identifier: String, title: String, body: String, threadID: String, categoryID: String
        ) -> PostedNotification {
            PostedNotification(
                identifier: identifier, plannerID: plannerID, title: title, body: body, threadID: threadID,
                categoryID: categoryID, tripID: tripID, placeIDs: placeIDs)
        }
    }
}
