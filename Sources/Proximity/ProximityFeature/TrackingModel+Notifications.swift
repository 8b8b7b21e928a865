import ProximityKit

extension TrackingModel {
    /// Posts a planner notification: one request per planner notification (the planner groups
    /// the places near at once), threaded by trip, identified by trip + nearest place.
    func post(_ notification: ProximityNotification) async {
        let catalog = engine.planner.catalog
        let words = ProximityCopy.alert(notification, places: { catalog.place($0) }, groupLimit: engine.planner.configuration.groupLimit)
        let request = PostedNotification(words, tripOf: { catalog.place($0)?.tripID })
        do {
            try await environment.poster.post(request)
            status.notificationsAllowed = true
        } catch {
            status.notificationsAllowed = false
            fail(ProximityCopy.alertNotPosted(request.title, reason: error.description), fix: .openNotificationSettings)
        }
    }

    /// Asks for permission to alert (the system prompt the first time) and records the answer in
    /// ``TrackingStatus/notificationsAllowed``; returns it. When the system could not ask, the
    /// failure is ``lastError`` with the fix ``TrackingFix/openNotificationSettings``.
    @discardableResult
    public func requestNotifications() async -> Bool {
        do {
            let allowed = try await environment.poster.requestAuthorization()
            status.notificationsAllowed = allowed
            return allowed
        } catch {
            status.notificationsAllowed = false
            fail(ProximityCopy.alertsRequestFailed(error.description), fix: .openNotificationSettings)
            return false
        }
    }

    /// Acts on a notification answer: Navigate opens Maps, Snooze silences the place, a tap opens
    /// the trip. Opening the alert (a tap or Navigate) marks its nearest place visited, kept in
    /// the trip store (the trip's progress); Snooze and dismiss do not.
    func answer(_ response: NotificationResponse) async {
        let opened = response.actionID == NotificationResponse.defaultAction
            || response.actionID == NotificationCategory.navigateAction
        if opened, let placeID = response.placeIDs.first, !response.tripID.isEmpty {
            do {
                try environment.trips.markVisited(placeID: placeID, tripID: response.tripID, at: environment.time)
            } catch {
                lastError = ProximityCopy.markVisitedFailed(engine.planner.catalog.place(placeID)?.name ?? placeID, reason: String(describing: error))
            }
        }
        switch response.command(at: environment.time) {
        case .navigate(let placeID):
            await navigate(to: placeID)
        case .snooze(let placeID, let until):
            await step(.snooze(placeID: placeID, until: until), source: "snooze \(placeID) (notification)")
        case .openTrip(let tripID):
            tripToOpen = tripID
        case .none:
            break
        }
    }

    /// Opens Maps with directions to a saved place; false when the place is unknown or Maps did not open.
    @discardableResult
    public func navigate(to placeID: String) async -> Bool {
        guard let place = engine.planner.catalog.place(placeID) else {
            lastError = ProximityCopy.unknownPlace(placeID)
            return false
        }
        return await environment.maps.open(MapItemRequest(placeID: place.id, name: place.name, coordinate: place.coordinate))
    }
}
