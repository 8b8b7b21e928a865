import Foundation
import ProximityKit
import UserNotifications
import os

/// Local notifications through `UNUserNotificationCenter`: a `NotificationPoster`.
///
/// Make it in the app's `init` (before launch finishes): it becomes the centre's delegate there,
/// which is what lets a Navigate or Snooze tapped while the app was terminated reach
/// ``responses``. Alerts are shown as banners even while the app is open. Each request carries
/// its trip and places in `userInfo` (``NotificationPayload``), so an answer names them without the app
/// keeping anything; the identifier is trip + nearest place, so a repeat replaces the earlier one.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class UserNotificationPoster: NSObject, NotificationPoster, @unchecked Sendable {
    // @unchecked: the only mutable state is `registered`, behind its lock; the centre is
    // thread-safe and fetched each time.

    /// The user's answers, in order.
    public let responses: AsyncStream<NotificationResponse>

    private let continuation: AsyncStream<NotificationResponse>.Continuation
    private let registered = OSAllocatedUnfairLock<Set<String>>(initialState: [])
    private var center: UNUserNotificationCenter { .current() }

    /// The poster; sets itself as the centre's delegate.
    public override init() {
        (responses, continuation) = AsyncStream.makeStream(of: NotificationResponse.self)
        super.init()
        center.delegate = self
    }

    /// Asks for alerts and sounds; `false` when refused. Throws
    /// ``NotificationPosterError/failed(_:)`` with the system's reason when it could not ask.
    public func requestAuthorization() async throws(NotificationPosterError) -> Bool {
        do {
            return try await center.requestAuthorization(options: [.alert, .sound])
        } catch {
            throw .failed(error.localizedDescription)
        }
    }

    /// Registers `categories` with their actions (Navigate opens the app; Snooze does not).
    public func register(_ categories: [NotificationCategory]) async {
        registered.withLock { $0 = Set(categories.map(\.id)) }
        center.setNotificationCategories(
            Set(
                categories.map { category in
                    UNNotificationCategory(
                        identifier: category.id,
                        actions: category.actions.map { action in
                            UNNotificationAction(
                                identifier: action.id, title: action.title,
                                options: action.opensApp ? [.foreground] : [])
                        },
                        intentIdentifiers: [], options: [])
                }))
    }

    /// Delivers `notification` now (no trigger), replacing one with the same identifier.
    public func post(_ notification: PostedNotification) async throws(NotificationPosterError) {
        guard registered.withLock({ $0.contains(notification.categoryID) }) else {
            throw .unknownCategory(notification.categoryID)
        }
        let settings = await center.notificationSettings()
        guard settings.authorizationStatus == .authorized || settings.authorizationStatus == .provisional else {
            throw .notAuthorized
        }
        let content = UNMutableNotificationContent()
        content.title = notification.title
        content.body = notification.body
        content.threadIdentifier = notification.threadID
        content.categoryIdentifier = notification.categoryID
        content.sound = .default
        content.userInfo = NotificationPayload(notification).userInfo
        do {
            try await center.add(UNNotificationRequest(identifier: notification.identifier, content: content, trigger: nil))
        } catch {
            throw .failed(error.localizedDescription)
        }
    }

    /// Removes delivered notifications.
    public func remove(identifiers: [String]) async {
        center.removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    /// What is in Notification Centre now (ours: those whose payload parses), oldest first.
    public func delivered() async -> [PostedNotification] {
        await center.deliveredNotifications()
            .sorted { $0.date < $1.date }
            .compactMap { delivered in
                let request = delivered.request
                return NotificationPayload(userInfo: request.content.userInfo)?.notification(
                    identifier: request.identifier, title: request.content.title, body: request.content.body,
                    threadID: request.content.threadIdentifier, categoryID: request.content.categoryIdentifier)
            }
    }

    fileprivate func deliver(_ response: NotificationResponse) { continuation.yield(response) }
}

extension UserNotificationPoster: UNUserNotificationCenterDelegate {
    /// Forwards the answer (a button, a tap, a dismissal) to ``responses``.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) {
        let request = response.notification.request
        let payload = NotificationPayload(userInfo: request.content.userInfo)
        deliver(
            NotificationResponse(
                identifier: request.identifier, actionID: response.actionIdentifier,
                placeIDs: payload?.placeIDs ?? [], tripID: payload?.tripID ?? ""))
        completionHandler()
    }

    /// Shows the banner even while Proximity is open.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler([.banner, .list, .sound])
    }
}
