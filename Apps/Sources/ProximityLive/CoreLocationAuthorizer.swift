import CoreLocation
import ProximityKit
import os

/// Location permission through `CLLocationManager`: a `LocationAuthorizer`.
///
/// `request(.always)` shows iOS's prompt only from "not determined" or, once in the app's life,
/// from When In Use; otherwise iOS shows nothing and calls no delegate. So a request is answered
/// by the first change, or, checked every ``promptGrace``, by the status once no prompt is over
/// the app, instead of waiting forever; a prompt on screen keeps the call waiting for the user. Every change (a
/// prompt's answer, the user in Settings) is yielded on ``changes``.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public final class CoreLocationAuthorizer: NSObject, LocationAuthorizer {
    /// How long a request waits for iOS to show a prompt before concluding it will not.
    public static let promptGrace: Duration = .seconds(1)

    /// Every change of ``status``.
    public nonisolated let changes: AsyncStream<LocationAuthorization>

    private let manager: CLLocationManager
    private let continuation: AsyncStream<LocationAuthorization>.Continuation
    private nonisolated let latest: OSAllocatedUnfairLock<LocationAuthorization>
    private var current: LocationAuthorization {
        get { latest.withLock { $0 } }
        set { latest.withLock { $0 = newValue } }
    }
    private var waiting: [CheckedContinuation<LocationAuthorization, Never>] = []

    /// An authorizer reading the current permission.
    public override init() {
        (changes, continuation) = AsyncStream.makeStream(of: LocationAuthorization.self)
        let manager = CLLocationManager()
        self.manager = manager
        latest = OSAllocatedUnfairLock(
            initialState: CoreLocationAuthorizer.authorization(manager.authorizationStatus))
        super.init()
        manager.delegate = self
    }

    /// The current permission, without prompting (readable from any thread).
    public nonisolated var status: LocationAuthorization { latest.withLock { $0 } }

    /// Asks for `level` (`.whenInUse` or `.always`) and returns the permission that results.
    public func request(_ level: LocationAuthorization) async -> LocationAuthorization {
        let before = current
        switch (level, before) {
        case (.whenInUse, .notDetermined): manager.requestWhenInUseAuthorization()
        case (.always, .notDetermined), (.always, .whenInUse): manager.requestAlwaysAuthorization()
        default: return before
        }
        // Checked every grace period: once no prompt is up, the status now is the answer (iOS may
        // show none, or the user may keep the level, and then no delegate call comes).
        let grace = Task { @MainActor [weak self] in
            while true {
                try? await Task.sleep(for: Self.promptGrace)  // throws only when cancelled (answered): nothing to report
                guard let self, !Task.isCancelled else { return }
                if !self.isPromptShowing {
                    self.answer(self.current)
                    return
                }
            }
        }
        defer { grace.cancel() }
        return await withCheckedContinuation { waiting.append($0) }
    }

    /// Whether a system alert is over the app (iOS makes the app inactive while it shows one).
    private var isPromptShowing: Bool { ApplicationState.isInactive }

    fileprivate func changed(to status: CLAuthorizationStatus) {
        let level = Self.authorization(status)
        let changed = level != current
        current = level
        if changed { continuation.yield(level) }
        // A callback that repeats the status while the prompt is still up is not its answer; a
        // change, or a repeat once the prompt is gone ("Keep Only While Using"), is.
        if changed || !isPromptShowing { answer(level) }
    }

    private func answer(_ level: LocationAuthorization) {
        let pending = waiting
        waiting.removeAll()
        for waiter in pending { waiter.resume(returning: level) }
    }

    /// CoreLocation's status in the kit's words (restricted reads as denied: only a policy can lift it).
    static func authorization(_ status: CLAuthorizationStatus) -> LocationAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .authorizedAlways: .always
        case .authorizedWhenInUse: .whenInUse
        case .denied, .restricted: .denied
        @unknown default: .denied
        }
    }
}

extension CoreLocationAuthorizer: CLLocationManagerDelegate {
    /// Called at creation and at every change.
    public nonisolated func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        let status = manager.authorizationStatus
        MainActor.assumeIsolated { changed(to: status) }
    }
}
