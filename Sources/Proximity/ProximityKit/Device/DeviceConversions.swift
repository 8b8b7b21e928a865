/// Condition ids ↔ place ids: a place's condition is `place:<place id>`, the refresh region's is
/// ``MonitoredRegion/refreshID``.
public enum RegionIdentifier {
    /// The condition id for a place.
    public static func conditionID(placeID: String) -> String { "place:" + placeID }

    /// The place a condition id names, or `nil` for the refresh region or a foreign id.
    public static func placeID(conditionID: String) -> String? {
        conditionID.hasPrefix("place:") && conditionID.count > 6 ? String(conditionID.dropFirst(6)) : nil
    }
}

extension MonitorEvent {
    /// The planner event for this OS event, with the fix the app got for it (`nil` on a relaunch
    /// before any location: the planner then asks for one).
    ///
    /// Only the changes that wake a battery-first app reach the planner: entering a place
    /// (`satisfied` of `place:…`) and leaving the refresh region (`unsatisfied` of `refresh`).
    /// Leaving a place and being inside the refresh region say nothing new: `nil`.
    public func plannerEvent(fix: LocationFix?) -> PlannerEvent? {
        let kind: RegionEvent.Kind
        switch (state, conditionID == MonitoredRegion.refreshID) {
        case (.satisfied, false) where RegionIdentifier.placeID(conditionID: conditionID) != nil: kind = .enter
        case (.unsatisfied, true): kind = .exit
        default: return nil
        }
        return .region(RegionEvent(kind: kind, regionID: conditionID, time: time), fix: fix)
    }
}

/// Notification request identifiers: trip + place, so a repeat for the same place replaces the
/// earlier alert instead of stacking a second one.
public enum ProximityNotificationID {
    /// `trip:<trip id>/place:<place id>`.
    public static func identifier(tripID: String, placeID: String) -> String { "trip:\(tripID)/place:\(placeID)" }
}

extension PostedNotification {
    /// The request for a planner notification: identifier and thread from the nearest place's
    /// trip (`tripOf` looks it up; an unknown place gives the empty trip id), body one line per place.
    public init(_ notification: ProximityNotification, tripOf: (String) -> String?) {
        let first = notification.placeIDs.first ?? ""
        let trip = tripOf(first) ?? ""
        self.init(
            identifier: ProximityNotificationID.identifier(tripID: trip, placeID: first), plannerID: notification.id,
            title: notification.title, body: notification.lines.joined(separator: "\n"), threadID: "trip:\(trip)",
            categoryID: NotificationCategory.placeID, tripID: trip, placeIDs: notification.placeIDs)
    }
}

/// What the app does with a notification answer.
public enum NotificationCommand: Sendable, Equatable {
    /// Open Maps with directions to this place.
    case navigate(placeID: String)
    /// Snooze this place until this time (seconds since 1970).
    case snooze(placeID: String, until: Double)
    /// Open the app on this trip (the notification was tapped).
    case openTrip(tripID: String)
    /// Nothing (dismissed, or an answer that names no place).
    case none
}

extension NotificationResponse {
    /// The command for this answer at `time` (seconds since 1970): Navigate and Snooze act on the
    /// nearest place named; a tap opens the trip; anything else does nothing.
    public func command(at time: Double) -> NotificationCommand {
        switch actionID {
        case NotificationCategory.navigateAction:
            return placeIDs.first.map { .navigate(placeID: $0) } ?? .none
        case NotificationCategory.snoozeAction:
            return placeIDs.first.map { .snooze(placeID: $0, until: time + Self.defaultSnooze) } ?? .none
        case Self.defaultAction:
            return tripID.isEmpty ? .none : .openTrip(tripID: tripID)
        default:
            return .none
        }
    }
}
