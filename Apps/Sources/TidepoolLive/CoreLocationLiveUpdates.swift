import CoreLocation
import TidepoolKit
import UIKit

/// Tidepool's location service: `CLLocationUpdate.liveUpdates()` with a
/// `CLBackgroundActivitySession`, mapped to TidepoolKit's `LocationUpdates`.
///
/// Each stream starts with the current permission, then delivers the valid fixes
/// (`LocationFix.validated`: invalid or vaguer than 100 m are dropped) and every permission
/// change (`CLLocationManagerDelegate`; iOS 17's live updates do not report them). While a
/// stream runs it holds a background activity session, so updates continue in the background
/// with When In Use permission (the blue indicator shows); with Always and
/// `UIBackgroundModes: location` the system may also relaunch the app. Start the stream from
/// the foreground: a background activity session cannot be started in the background.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationLiveUpdates: NSObject, LocationUpdates {
    private let manager = CLLocationManager()
    private var listeners: [UUID: AsyncStream<LocationUpdate>.Continuation] = [:]
    /// Whether streams hold a background activity session.
    public let inBackground: Bool

    /// A service; `inBackground` keeps updates coming while the app is not on screen.
    public init(inBackground: Bool = true) {
        self.inBackground = inBackground
        super.init()
        manager.delegate = self
    }

    /// Asks for When In Use permission (the answer arrives on the streams).
    public func requestPermission() {
        manager.requestWhenInUseAuthorization()
    }

    /// A stream of the permission and the fixes; cancelling its consumer stops the updates and
    /// ends the background session.
    public nonisolated func updates() -> AsyncStream<LocationUpdate> {
        let (stream, continuation) = AsyncStream.makeStream(of: LocationUpdate.self)
        let task = Task { @MainActor in
            await self.deliver(to: continuation)
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func deliver(to continuation: AsyncStream<LocationUpdate>.Continuation) async {
        let id = UUID()
        listeners[id] = continuation
        continuation.yield(.permission(Self.permission(manager.authorizationStatus)))
        let session = inBackground ? CLBackgroundActivitySession() : nil
        defer {
            session?.invalidate()
            listeners[id] = nil
            continuation.finish()
        }
        do {
            for try await update in CLLocationUpdate.liveUpdates() {
                if Task.isCancelled { break }
                guard let location = update.location, let fix = Self.fix(location) else { continue }
                continuation.yield(.fix(fix))
            }
        } catch {
            // The updates ended (cancelled, or the service failed): the stream ends with them.
        }
    }

    /// The kit's fix for a `CLLocation`, or nil when it must not be used.
    static func fix(_ location: CLLocation) -> LocationFix? {
        let state: AppState = UIApplication.shared.applicationState == .active ? .foreground : .background
        return LocationFix.validated(
            latitude: location.coordinate.latitude, longitude: location.coordinate.longitude,
            horizontalAccuracy: location.horizontalAccuracy, time: location.timestamp.timeIntervalSince1970,
            appState: state)
    }

    /// The kit's permission for CoreLocation's.
    static func permission(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whenInUse
        case .denied: .denied
        case .restricted: .restricted
        @unknown default: .denied
        }
    }

    fileprivate func permissionChanged() {
        let permission = Self.permission(manager.authorizationStatus)
        for listener in listeners.values { listener.yield(.permission(permission)) }
    }
}

extension CoreLocationLiveUpdates: CLLocationManagerDelegate {
    /// Forwards a permission change to every stream.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        MainActor.assumeIsolated { permissionChanged() }
    }
}
