import Foundation
import TidepoolKit

/// The location permission prompts: CoreLocation's `requestWhenInUseAuthorization` and then
/// `requestAlwaysAuthorization` on the phone, ``FakeLocationPermission`` in tests. iOS asks for
/// Always only after When In Use was granted, so the onboarding asks in that order.
public protocol LocationPermission: Sendable {
    /// The current authorisation, without asking.
    func current() async -> LocationAuthorization
    /// Asks for When In Use (no prompt if already answered); the answer.
    func requestWhenInUse() async -> LocationAuthorization
    /// Asks to upgrade to Always for background reporting; the answer.
    func requestAlways() async -> LocationAuthorization
}

/// A location permission that answers as configured and records what was asked.
public actor FakeLocationPermission: LocationPermission {
    /// The authorisation now.
    public private(set) var status: LocationAuthorization
    /// The prompts shown, in order ("whenInUse", "always").
    public private(set) var prompts: [String] = []
    private let whenInUseAnswer: LocationAuthorization
    private let alwaysAnswer: LocationAuthorization

    /// A permission starting at `status` that answers the two prompts as given.
    public init(
        status: LocationAuthorization = .notDetermined, whenInUse: LocationAuthorization = .whenInUse,
        always: LocationAuthorization = .always
    ) {
        self.status = status
        self.whenInUseAnswer = whenInUse
        self.alwaysAnswer = always
    }

    /// The authorisation now.
    public func current() -> LocationAuthorization { status }

    /// Answers as configured the first time; later, the status (iOS shows the prompt once).
    public func requestWhenInUse() -> LocationAuthorization {
        guard status == .notDetermined else { return status }
        prompts.append("whenInUse")
        status = whenInUseAnswer
        return status
    }

    /// Answers as configured when When In Use is held; otherwise the status unchanged.
    public func requestAlways() -> LocationAuthorization {
        guard status == .whenInUse else { return status }
        prompts.append("always")
        status = alwaysAnswer
        return status
    }
}
