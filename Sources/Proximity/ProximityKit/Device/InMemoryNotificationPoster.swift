import LockedState

/// A ``NotificationPoster`` in memory: keeps what was posted (every post, and Notification
/// Centre's one-per-identifier view) and lets the test answer with ``respond(_:)``.
public final class InMemoryNotificationPoster: NotificationPoster {
    private struct State {
        var authorized: Bool
        var requestFailure: NotificationPosterError?
        var categories: [NotificationCategory] = []
        var delivered: [PostedNotification] = []
        var posted: [PostedNotification] = []
    }

    private let state: Locked<State>
    private let stream: AsyncStream<NotificationResponse>
    private let continuation: AsyncStream<NotificationResponse>.Continuation

    /// A poster whose permission prompt answers `authorized`.
    public init(authorized: Bool = true) {
        state = Locked(State(authorized: authorized))
        (stream, continuation) = AsyncStream.makeStream(of: NotificationResponse.self)
    }

    /// Whether alerts are allowed; throws what ``failRequests(with:)`` set.
    public func requestAuthorization() async throws(NotificationPosterError) -> Bool {
        let (authorized, failure) = state.withLock { ($0.authorized, $0.requestFailure) }
        if let failure { throw failure }
        return authorized
    }

    /// Makes every ``requestAuthorization()`` throw `error` (`nil`: answer again).
    public func failRequests(with error: NotificationPosterError?) { state.withLock { $0.requestFailure = error } }

    /// Registers categories.
    public func register(_ categories: [NotificationCategory]) async { state.withLock { $0.categories = categories } }

    /// The registered categories.
    public var categories: [NotificationCategory] { state.withLock { $0.categories } }

    /// Posts; replaces a delivered notification with the same identifier.
    public func post(_ notification: PostedNotification) async throws(NotificationPosterError) {
        try state.withLock { (state: inout State) throws(NotificationPosterError) in
            guard state.authorized else { throw .notAuthorized }
            guard state.categories.contains(where: { $0.id == notification.categoryID }) else {
                throw .unknownCategory(notification.categoryID)
            }
            state.delivered.removeAll { $0.identifier == notification.identifier }
            state.delivered.append(notification)
            state.posted.append(notification)
        }
    }

    /// Removes delivered notifications.
    public func remove(identifiers: [String]) async {
        state.withLock { state in state.delivered.removeAll { identifiers.contains($0.identifier) } }
    }

    /// Notification Centre now.
    public func delivered() async -> [PostedNotification] { state.withLock { $0.delivered } }

    /// Every notification ever posted, in order (tests).
    public var posted: [PostedNotification] { state.withLock { $0.posted } }

    /// The answers.
    public var responses: AsyncStream<NotificationResponse> { stream }

    /// The user answers a notification.
    public func respond(_ response: NotificationResponse) { continuation.yield(response) }
}
