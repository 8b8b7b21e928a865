import ProximityKit

/// Something the device reported, as the tracking model takes it (the app's adapters feed these
/// through ``TrackingModel/listen()``; tests call ``TrackingModel/handle(_:)`` directly).
public enum DeviceInput: Sendable, Equatable {
    /// A monitored condition changed (a region wake-up).
    case monitor(MonitorEvent)
    /// A significant-change wake-up.
    case significantChange(LocationFix)
    /// A fix while the app is open (foreground updates).
    case fix(LocationFix)
    /// Motion activity changed.
    case activity(MotionActivity, time: Double)
    /// Low Power Mode was switched on (`true`) or off.
    case lowPowerMode(Bool)
    /// Location permission changed.
    case authorization(LocationAuthorization)
    /// The user answered a notification.
    case notificationResponse(NotificationResponse)
}
