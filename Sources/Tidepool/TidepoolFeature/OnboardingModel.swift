import Foundation
import GeoKit
import InterestKit
import Observation
import TidepoolClient
import TidepoolKit

/// The first-launch flow: what is shared, location permission, Home, integrations, interests;
/// then the device registers, its profile is set and the settings saved.
///
/// Nothing reaches the server before ``finish()`` but the public privacy parameters: a person who
/// stops halfway leaves no device behind. Home is saved on the phone as soon as it is confirmed
/// and never sent.
@MainActor @Observable
public final class OnboardingModel {
    /// The step shown.
    public private(set) var step: OnboardingStep = .sharing
    /// The live privacy explainer (nil until ``load()`` read `/v1/privacy`).
    public private(set) var explainer: PrivacyExplainer?
    /// The location permission.
    public private(set) var location: LocationAuthorization = .notDetermined
    /// The Home the user placed on the map (not yet confirmed, or confirmed).
    public private(set) var homeCandidate: Coordinate?
    /// Whether the Home on the map is the saved one.
    public private(set) var homeConfirmed = false
    /// The radius of the circle drawn around Home: no report is sent from inside it (metres).
    public let guardRadiusMeters: Double
    /// The integrations offered.
    public let connectors: [any IntegrationConnector]
    /// The integrations connected, by name.
    public private(set) var connected: Set<String> = []
    /// The text typed in the interest search.
    public private(set) var query = ""
    /// Suggestions for ``query``.
    public private(set) var suggestions: [InterestSuggestion] = []
    /// The interests chosen (typed or from integrations), in the order chosen.
    public private(set) var selected: [InterestTag] = []
    /// Whether a step is working (a spinner).
    public private(set) var busy = false
    /// The last failure, for a banner (cleared by the next success).
    public private(set) var error: TidepoolSessionError?
    /// Why the location request got no useful answer (iOS showed no prompt, or it was refused),
    /// with the fix (Open Settings); nil after a grant.
    public private(set) var locationProblem: String?
    /// The last integration failure (a cancel is not one).
    public private(set) var integrationError: IntegrationError?

    private let session: TidepoolSession
    private let permission: any LocationPermission
    private let interests: InterestSearch

    /// A flow over `session`, asking `permission`, searching `interests`, offering `connectors`;
    /// the guard circle's radius is `guardConfiguration`'s (the reporting model's).
    public init(
        session: TidepoolSession, permission: any LocationPermission, interests: InterestSearch,
        connectors: [any IntegrationConnector] = [], guardConfiguration: HomeGuard.Configuration = .init()
    ) {
        self.session = session
        self.permission = permission
        self.interests = interests
        self.connectors = connectors
        guardRadiusMeters = guardConfiguration.radiusMeters
    }

    /// Reads the live privacy parameters and the current permission; resumes at the first step
    /// not done (Home kept from an earlier run is shown confirmed).
    public func load() async {
        location = await permission.current()
        if let home = session.settings.home {
            homeCandidate = home
            homeConfirmed = true
        }
        connected = session.settings.integrations
        do {
            let privacy = try await session.client.privacy()
            explainer = PrivacyExplainer(privacy)
            error = nil
        } catch {
            self.error = TidepoolSessionError(error)
        }
    }

    /// Whether the shown step has what it needs to move on.
    public var canContinue: Bool {
        switch step {
        case .sharing: explainer != nil
        case .location: location != .notDetermined
        case .home: homeConfirmed
        case .integrations: true
        case .interests: !selected.isEmpty && !busy
        case .finished: false
        }
    }

    /// Moves to the next step (the interests step finishes through ``finish()`` instead).
    public func next() {
        guard canContinue, step < .interests, let following = OnboardingStep(rawValue: step.rawValue + 1)
        else {
            return
        }
        step = following
    }

    /// Moves back one step.
    public func back() {
        guard step > .sharing, step < .finished, let previous = OnboardingStep(rawValue: step.rawValue - 1)
        else {
            return
        }
        step = previous
    }

    /// Asks for When In Use (the map), then, if granted, for Always (background reporting).
    public func requestLocation() async {
        location = await permission.requestWhenInUse()
        if location == .whenInUse { location = await permission.requestAlways() }
        locationProblem = TidepoolCopy.permissionProblem(location)
    }

    /// Moves past the location step without asking ("Not now"): sharing stays off until the user
    /// switches it on from the map or the profile, which asks then.
    public func skipLocation() {
        guard step == .location, let following = OnboardingStep(rawValue: step.rawValue + 1) else { return }
        step = following
    }

    /// Places Home at `coordinate` (a tap or a drag on the map); not saved until confirmed.
    public func placeHome(_ coordinate: Coordinate) {
        homeCandidate = coordinate
        homeConfirmed = false
    }

    /// Saves the placed Home on the phone.
    public func confirmHome() async {
        guard let home = homeCandidate else { return }
        do {
            try await session.updateSettings { $0.home = home }
            homeConfirmed = true
            error = nil
        } catch {
            self.error = error
        }
    }

    /// Connects `connector` and adds the interests it found to the chosen ones.
    public func connect(_ connector: any IntegrationConnector) async {
        busy = true
        defer { busy = false }
        do {
            let tags = try await connector.connect()
            connected.insert(connector.name)
            for tag in tags where !selected.contains(tag) { selected.append(tag) }
            integrationError = nil
        } catch {
            integrationError = error.cancelled ? nil : error
        }
    }

    /// Forgets a connected integration (its interests stay chosen until removed).
    public func disconnect(_ name: String) { connected.remove(name) }

    /// Updates the search as the user types.
    public func search(_ text: String) {
        query = text
        suggestions = interests.suggestions(for: text)
    }

    /// Chooses `tag`, or unchooses it when chosen.
    public func toggle(_ tag: InterestTag) {
        if let index = selected.firstIndex(of: tag) {
            selected.remove(at: index)
        } else {
            selected.append(tag)
        }
    }

    /// The label of a chosen tag.
    public func label(of tag: InterestTag) -> String { interests.label(of: tag) }

    /// Registers the device (first launch), sets its profile from the chosen interests and the
    /// connected integrations, and saves the settings: onboarding done, reporting on when the
    /// permission and Home allow it.
    public func finish() async {
        guard step == .interests, !selected.isEmpty else { return }
        busy = true
        defer { busy = false }
        do {
            try await session.registerIfNeeded()
            let integrations = Dictionary(uniqueKeysWithValues: connected.map { ($0, "connected") })
            try await session.client.setProfile(
                tags: selected.map(\.rawValue), vector: nil, integrations: integrations)
            let reporting = location.allowsLocation && homeConfirmed
            let connected = self.connected
            try await session.updateSettings {
                $0.onboardingCompleted = true
                $0.reportingEnabled = reporting
                $0.integrations = connected
            }
            step = .finished
            error = nil
        } catch {
            self.error = TidepoolSessionError(error)
        }
    }
}
