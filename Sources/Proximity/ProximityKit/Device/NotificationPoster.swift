/// A notification as the poster delivers it (`UNNotificationRequest` on the phone).
public struct PostedNotification: Sendable, Equatable, Codable {
    /// The request identifier: ``ProximityNotificationID/identifier(tripID:placeID:)`` for the
    /// nearest place, so a repeat for the same place replaces the earlier one.
    public var identifier: String
    /// The planner's id (`<fix time in ms>:<first place id>`), kept in the payload.
    public var plannerID: String
    /// The title.
    public var title: String
    /// The body: one line per place.
    public var body: String
    /// The thread (group) id: the trip of the nearest place, so one trip's alerts stack together.
    public var threadID: String
    /// The category: ``NotificationCategory/place`` (Navigate and Snooze).
    public var categoryID: String
    /// The trip of the nearest place.
    public var tripID: String
    /// The places announced, nearest first.
    public var placeIDs: [String]

    /// Creates a notification.
    public init(
        identifier: String, plannerID: String, title: String, body: String, threadID: String, categoryID: String,
        tripID: String, placeIDs: [String]
    ) {
        self.identifier = identifier
        self.plannerID = plannerID
        self.title = title
        self.body = body
        self.threadID = threadID
        self.categoryID = categoryID
        self.tripID = tripID
        self.placeIDs = placeIDs
    }
}

/// An action button of a notification category.
public struct NotificationActionSpec: Sendable, Equatable, Codable {
    /// The action identifier the response carries.
    public var id: String
    /// The button title.
    public var title: String
    /// Whether tapping it opens the app (Navigate does, to hand the place to Maps).
    public var opensApp: Bool

    /// Creates an action.
    public init(id: String, title: String, opensApp: Bool) {
        self.id = id
        self.title = title
        self.opensApp = opensApp
    }
}

/// A notification category (`UNNotificationCategory`): its id and its actions.
public struct NotificationCategory: Sendable, Equatable, Codable {
    /// The category id.
    public var id: String
    /// Its buttons, in order.
    public var actions: [NotificationActionSpec]

    /// Creates a category.
    public init(id: String, actions: [NotificationActionSpec]) {
        self.id = id
        self.actions = actions
    }

    /// The id of ``place``.
    public static let placeID = "proximity.place"
    /// The id of the Navigate action.
    public static let navigateAction = "proximity.navigate"
    /// The id of the Snooze action (snoozes the nearest place for ``NotificationResponse/defaultSnooze``).
    public static let snoozeAction = "proximity.snooze"

    /// A place alert: Navigate (opens Maps to the nearest place) and Snooze.
    public static let place = NotificationCategory(
        id: placeID,
        actions: [
            NotificationActionSpec(id: navigateAction, title: "Navigate", opensApp: true),
            NotificationActionSpec(id: snoozeAction, title: "Snooze 1 hour", opensApp: false),
        ])
}

/// The user's answer to a notification (`UNNotificationResponse`).
public struct NotificationResponse: Sendable, Equatable, Codable {
    /// The notification's request identifier.
    public var identifier: String
    /// The action identifier: a category action's id, ``defaultAction`` (tapped) or ``dismissAction``.
    public var actionID: String
    /// The places the notification named (from its payload), nearest first.
    public var placeIDs: [String]
    /// The trip (from its payload).
    public var tripID: String

    /// Creates a response.
    public init(identifier: String, actionID: String, placeIDs: [String], tripID: String) {
        self.identifier = identifier
        self.actionID = actionID
        self.placeIDs = placeIDs
        self.tripID = tripID
    }

    /// `UNNotificationDefaultActionIdentifier`: the notification itself was tapped.
    public static let defaultAction = "com.apple.UNNotificationDefaultActionIdentifier"
    /// `UNNotificationDismissActionIdentifier`.
    public static let dismissAction = "com.apple.UNNotificationDismissActionIdentifier"
    /// How long the Snooze button snoozes, seconds (other durations are chosen in the app).
    public static let defaultSnooze = 3_600.0
}

/// Why the poster refused.
public enum NotificationPosterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The user has not allowed notifications.
    case notAuthorized
    /// The category was never registered.
    case unknownCategory(String)
    /// The system refused the request for a reason of its own (its message).
    case failed(String)

    /// One line.
    public var description: String {
        switch self {
        case .notAuthorized: "notifications: not authorized"
        case .unknownCategory(let id): "notifications: category '\(id)' is not registered"
        case .failed(let reason): "notifications: \(reason)"
        }
    }
}

/// Posts local notifications and reports the user's answers (`UNUserNotificationCenter`),
/// ``InMemoryNotificationPoster`` in tests.
///
/// Contract (`ProximityKitContracts.NotificationPosterContract`): ``post(_:)`` of a category not
/// registered through ``register(_:)`` throws ``NotificationPosterError/unknownCategory(_:)``;
/// posting an identifier already delivered replaces it (``delivered()`` holds one per identifier,
/// in posting order of the latest); ``remove(identifiers:)`` removes them; ``responses`` yields
/// each answer once, in order.
public protocol NotificationPoster: Sendable {
    /// Asks for permission to alert; returns whether it is granted.
    /// - Throws: ``NotificationPosterError/failed(_:)`` when the system could not ask (not a refusal).
    func requestAuthorization() async throws(NotificationPosterError) -> Bool
    /// Registers the categories (replacing earlier ones).
    func register(_ categories: [NotificationCategory]) async
    /// Delivers a notification now.
    func post(_ notification: PostedNotification) async throws(NotificationPosterError)
    /// Removes delivered notifications.
    func remove(identifiers: [String]) async
    /// What is in Notification Centre now.
    func delivered() async -> [PostedNotification]
    /// The user's answers. One consumer.
    var responses: AsyncStream<NotificationResponse> { get }
}
