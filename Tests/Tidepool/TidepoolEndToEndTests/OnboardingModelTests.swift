import Foundation
import GeoKit
import InterestKit
import Spotify
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolKit
import TidepoolTestServer

/// An integration that connects at once with fixed tags.
struct StubConnector: IntegrationConnector {
    var name = "spotify"
    var displayName = "Spotify"
    var tags: [String]
    func connect() async throws(IntegrationError) -> [InterestTag] { tags.compactMap(InterestTag.init) }
}

@Suite("Tidepool onboarding against loci serve on loopback")
@MainActor
struct OnboardingModelTests {
    @Test(
        "onboarding ends with a registered device, its interests on the server, Home and settings on the phone only"
    )
    func onboardingToRegisteredDevice() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        let model = rig.onboarding()
        try await rig.session.start()
        await model.load()
        #expect(model.step == .sharing && model.canContinue)
        model.next()
        #expect(model.step == .location && !model.canContinue)
        await model.requestLocation()
        #expect(await rig.permission.prompts == ["whenInUse", "always"])
        #expect(model.location == .always)
        model.next()
        #expect(model.step == .home && !model.canContinue)
        #expect(model.guardRadiusMeters == HomeGuard.Configuration().radiusMeters)
        model.placeHome(TidepoolRig.home)
        await model.confirmHome()
        model.next()
        model.next()
        #expect(model.step == .interests && !model.canContinue)
        model.search("kayak")
        #expect(model.suggestions.first?.tag.rawValue == "activity:kayaking")
        model.toggle(try #require(model.suggestions.first).tag)
        model.search("jazz")
        model.toggle(try #require(model.suggestions.first).tag)
        // Nothing but the public privacy parameters has reached the server yet.
        #expect(rig.transport.operations == ["get/v1/privacy"])
        #expect(!rig.session.isRegistered)

        await model.finish()
        #expect(model.error == nil)
        #expect(model.step == .finished)
        let device = try #require(rig.session.deviceID)
        let profile = try #require(try await server.store.profile(deviceID: device))
        #expect(Set(profile.tags) == ["activity:kayaking", "music:jazz"])
        let saved = try await FileTidepoolSettingsStore(url: rig.settingsFile).load()
        #expect(saved.onboardingCompleted && saved.reportingEnabled)
        #expect(saved.home == TidepoolRig.home)
        // Home never reached the server: nothing it stores about the device names it.
        let export = try await rig.session.client.export()
        let exported = String(decoding: try JSONEncoder().encode(export), as: UTF8.self)
        #expect(!exported.contains("60.1699") && !exported.contains("24.9384"))
    }

    @Test("onboarding finishes whatever the permission; reporting is on only when location is allowed")
    func partialPermission() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        for (permission, reporting) in [
            (FakeLocationPermission(always: .whenInUse), true),
            (FakeLocationPermission(whenInUse: .denied), false),
            (FakeLocationPermission(whenInUse: .restricted), false), (FakeLocationPermission(), true),
        ] {
            let rig = try TidepoolRig(server: server, permission: permission)
            let model = try await rig.onboard()
            #expect(model.step == .finished)
            #expect(rig.session.settings.reportingEnabled == reporting)
            #expect(rig.session.settings.onboardingCompleted)
        }
    }

    @Test("the explainer shows the server's live numbers: another ε on the server, another text")
    func explainerFollowsServer() async throws {
        var texts: [String] = []
        for epsilon in [2.0, 0.5] {
            let server = try await Self.server(epsilon: epsilon)
            defer { server.stop() }
            let rig = try TidepoolRig(server: server)
            let model = rig.onboarding()
            await model.load()
            let explainer = try #require(model.explainer)
            let published = try await rig.session.client.privacy()
            #expect(explainer.dayEpsilon == published.dayEpsilon)
            #expect(explainer.epochEpsilon == published.epochEpsilon)
            #expect(explainer.guarantee.contains("ε = \(PrivacyExplainer.number(published.dayEpsilon)),"))
            #expect(explainer.guarantee.contains("ε = \(PrivacyExplainer.number(published.epochEpsilon)) "))
            #expect(explainer.shares[0].contains("every 15 minutes"))
            texts.append(explainer.guarantee)
        }
        #expect(texts[0] != texts[1])
    }

    /// A server planned for `epsilon` per person per day.
    nonisolated static func server(epsilon: Double) async throws -> ClientTestServer {
        try await ClientTestServer.start { $0.epsilon = epsilon }
    }

    @Test(
        "numbers are written for a person",
        arguments: [
            (2.0, "2"), (1.93, "1.9"), (0.253, "0.25"), (192, "190"), (12_345, "12,000"), (0.0004, "0.0004"),
        ])
    func numbers(value: Double, text: String) {
        #expect(PrivacyExplainer.number(value) == text)
    }

    @Test("probabilities and durations are written for a person")
    func chances() {
        #expect(PrivacyExplainer.chance(1e-5) == "1 in 100,000")
        #expect(PrivacyExplainer.chance(3e-4) == "1 in 3,300")
        #expect(PrivacyExplainer.duration(900) == "15 minutes")
        #expect(PrivacyExplainer.duration(3600) == "1 hour")
        #expect(PrivacyExplainer.duration(90) == "90 seconds")
    }

    @Test(
        "interest search as you type: the canonicaliser's tag first, then labels by prefix; blank offers nothing"
    )
    func interestSearch() throws {
        let search = try InterestSearch.bundled()
        #expect(search.suggestions(for: "  ").isEmpty)
        #expect(search.suggestions(for: "arts").first?.tag.category == "culture")
        let partial = search.suggestions(for: "jaz")
        #expect(partial.contains { $0.tag.rawValue == "music:jazz" })
        #expect(partial.count <= 8)
        #expect(search.suggestions(for: "kayak").first?.match == .stem)
    }

    @Test(
        "a connected integration adds its interests and is named on the profile; a denied or cancelled one adds nothing"
    )
    func integrations() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        let auth = SpotifyAuthClient(
            configuration: .init(
                clientID: "tidepool-test", redirectURI: try #require(URL(string: "tidepool://spotify"))))
        let denying = FakeWebAuthenticator { (url: URL) throws(WebAuthenticationError) -> URL in
            let state = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first {
                $0.name == "state"
            }?.value
            guard let redirect = URL(string: "tidepool://spotify?error=access_denied&state=\(state ?? "")")
            else {
                throw .failed("no redirect")
            }
            return redirect
        }
        let spotify = SpotifyConnector(
            auth: auth, api: SpotifyAPIClient(auth: auth), authenticator: denying,
            canonicalizer: Canonicalizer(vocabulary: try InterestModel.bundled().vocabulary),
            random: { 0x9E37_79B9_7F4A_7C15 }, now: { Date(timeIntervalSince1970: 1_800_000_000) })
        let model = rig.onboarding(connectors: [spotify])
        try await rig.session.start()
        await model.load()
        await model.connect(spotify)
        #expect(model.connected.isEmpty && model.selected.isEmpty)
        #expect(model.integrationError?.integration == "spotify")
        #expect(model.integrationError?.reason.contains("access_denied") == true)
        let opened = try #require(await denying.opened.first)
        #expect(opened.absoluteString.contains("code_challenge_method=S256"))

        let cancelling = SpotifyConnector(
            auth: auth, api: SpotifyAPIClient(auth: auth),
            authenticator: FakeWebAuthenticator { (_: URL) throws(WebAuthenticationError) -> URL in
                throw .cancelled
            },
            canonicalizer: Canonicalizer(vocabulary: try InterestModel.bundled().vocabulary), random: { 1 },
            now: { Date(timeIntervalSince1970: 1_800_000_000) })
        await model.connect(cancelling)
        #expect(model.integrationError == nil && model.connected.isEmpty)

        await model.connect(StubConnector(tags: ["music:jazz", "music:techno"]))
        #expect(model.connected == ["spotify"])
        #expect(model.selected.map(\.rawValue) == ["music:jazz", "music:techno"])
        model.next()
        model.next()
        await model.requestLocation()
        model.next()
        model.placeHome(TidepoolRig.home)
        await model.confirmHome()
        model.next()
        model.next()
        #expect(model.step == .interests)
        await model.finish()
        let device = try #require(rig.session.deviceID)
        let profile = try await rig.session.client.profile()
        #expect(profile.integrations.additionalProperties == ["spotify": "connected"])
        #expect(try await server.store.profile(deviceID: device) != nil)
        #expect(rig.session.settings.integrations == ["spotify"])
    }
}
