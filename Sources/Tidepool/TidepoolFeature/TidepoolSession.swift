import Foundation
import Observation
import TidepoolClient

/// The app-wide piece every Tidepool screen shares: the device's client (``TidepoolAPI``: the
/// app's ``TidepoolClient``, the tests' in-memory fake), whether the device is registered, and
/// the settings kept on the phone.
///
/// The composition root makes one at launch and calls ``start()``; onboarding calls
/// ``registerIfNeeded()``; the map, reporting and profile models read ``client`` and
/// ``settings`` and change settings through ``updateSettings(_:)``, which saves before it
/// publishes. ``deleteEverything()`` ends the device on the server and on the phone, after
/// which the next launch is a first launch.
@MainActor @Observable
public final class TidepoolSession {
    /// Where the device stands with the server.
    public enum Registration: Sendable, Equatable {
        /// ``TidepoolSession/start()`` has not read the credential store yet.
        case unknown
        /// No credentials: a first launch (or after delete).
        case unregistered
        /// Attesting and registering.
        case registering
        /// Registered as this device id.
        case registered(deviceID: String)
    }

    /// The device's client (its credential store and favourites queue are the app's).
    public let client: any TidepoolAPI
    /// Where the device is with the server.
    public private(set) var registration: Registration = .unknown
    /// The phone's settings: Home, onboarding done, reporting switch, integrations.
    public private(set) var settings = TidepoolSettings()
    /// The last failure of a session step, for a banner (cleared by the next success).
    public private(set) var lastError: TidepoolSessionError?
    /// What the app could not set up at launch (it runs with less): shown until dismissed.
    public private(set) var launchProblems: [TidepoolLaunchProblem]

    private let attestation: any AttestationProvider
    private let settingsStore: any TidepoolSettingsStore

    /// A session over `client`, registering through `attestation`, keeping settings in
    /// `settingsStore`; `launchProblems` are what the composition root could not set up.
    public init(
        client: any TidepoolAPI, attestation: any AttestationProvider,
        settingsStore: any TidepoolSettingsStore, launchProblems: [TidepoolLaunchProblem] = []
    ) {
        self.launchProblems = launchProblems
        self.client = client
        self.attestation = attestation
        self.settingsStore = settingsStore
    }

    /// Whether the device has credentials.
    public var isRegistered: Bool {
        if case .registered = registration { return true }
        return false
    }

    /// The registered device id, if any.
    public var deviceID: String? {
        if case .registered(let id) = registration { return id }
        return nil
    }

    /// Reads the settings and the saved credentials (a launch).
    public func start() async throws(TidepoolSessionError) {
        do {
            settings = try await settingsStore.load()
            if let saved = try await client.credentials() {
                registration = .registered(deviceID: saved.deviceID)
            } else {
                registration = .unregistered
            }
            lastError = nil
        } catch {
            throw failed(error)
        }
    }

    /// The launch (and its Retry): ``start()``, its failure kept in ``lastError`` with
    /// ``registration`` still `unknown`, so the root screen shows what failed and a Retry
    /// instead of a first launch.
    public func launch() async {
        do { try await start() } catch {
            // start() recorded the failure in lastError; the launch screen shows it.
        }
    }

    /// Whether the launch failed: nothing is known about the device yet and the last step failed.
    public var launchFailed: Bool { registration == .unknown && lastError != nil }

    /// Hides a launch problem the person has read.
    public func dismiss(_ problem: TidepoolLaunchProblem) {
        launchProblems.removeAll { $0 == problem }
    }

    /// Registers the device unless it has credentials already: a challenge from the server, an
    /// attestation over it, then `POST /v1/auth/anonymous`; the client keeps the session.
    /// - Returns: the device id.
    @discardableResult
    public func registerIfNeeded() async throws(TidepoolSessionError) -> String {
        if registration == .unknown { try await start() }
        if case .registered(let id) = registration { return id }
        registration = .registering
        do {
            let challenge = try await client.registrationChallenge()
            let evidence = try await attestation.attest(challenge: challenge.challenge)
            let id = try await client.register(
                attestation: evidence.attestation, platform: evidence.platform, keyID: evidence.keyID,
                challenge: challenge.challenge)
            registration = .registered(deviceID: id)
            lastError = nil
            return id
        } catch {
            registration = .unregistered
            throw failed(error)
        }
    }

    /// Changes the settings with `change` on the saved copy (so a change another model saved
    /// meanwhile is kept), then publishes the result (a failed save leaves the published
    /// settings as they were).
    public func updateSettings(_ change: @Sendable (inout TidepoolSettings) -> Void) async throws(TidepoolSessionError)
    {
        do { settings = try await settingsStore.update(change) } catch { throw failed(error) }
        lastError = nil
    }

    /// Reads the saved settings again (another model, such as the reporting switch, changed them).
    public func reloadSettings() async {
        do { settings = try await settingsStore.load() } catch { lastError = failed(error) }
    }

    /// Deletes the device on the server (its secret, sessions, profile and favourites), then its
    /// credentials, the favourites queue and the phone's settings: the next launch is a first
    /// launch.
    /// - Throws: when the server could not be reached; nothing on the phone is cleared then, so
    ///   the user can try again rather than losing the way to delete the server's copy.
    public func deleteEverything() async throws(TidepoolSessionError) {
        do {
            try await client.deleteDevice()
            try await settingsStore.save(TidepoolSettings())
        } catch {
            throw failed(error)
        }
        settings = TidepoolSettings()
        registration = .unregistered
        lastError = nil
    }

    private func failed(_ error: any Error) -> TidepoolSessionError {
        let typed = TidepoolSessionError(error)
        lastError = typed
        return typed
    }
}
