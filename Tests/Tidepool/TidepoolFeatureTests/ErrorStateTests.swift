import Foundation
import GeoKit
import LociLocalization
import Testing
import TidepoolClient
import TidepoolClientFake
import TidepoolFeature
import TidepoolKit

@Suite("Tidepool's failures become state a screen shows, with the fix")
@MainActor
struct ErrorStateTests {
    @Test("a launch whose settings cannot be read is a failed launch with Retry, not a first launch; Retry recovers")
    func launchFailsThenRetries() async throws {
        let rig = try FakeRig()
        try FileManager.default.createDirectory(at: rig.folder, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: rig.settingsFile)
        await rig.session.launch()
        #expect(rig.session.launchFailed)
        #expect(rig.session.registration == .unknown)
        let error = try #require(rig.session.lastError)
        guard case .settings = error else {
            Issue.record("expected a settings failure, got \(error)")
            return
        }
        #expect(TidepoolCopy.problem(error, in: .english).fix == .freeSpace)

        // The person frees space (here: the file is readable again) and presses Retry.
        try FileManager.default.removeItem(at: rig.settingsFile)
        await rig.session.launch()
        #expect(!rig.session.launchFailed)
        #expect(rig.session.lastError == nil)
        #expect(rig.session.registration == .unregistered)
    }

    @Test("launch problems the composition root found are kept until the person dismisses each")
    func launchProblems() throws {
        let rig = try FakeRig()
        let session = TidepoolSession(
            client: rig.client, attestation: FakeAttestationProvider(),
            settingsStore: InMemoryTidepoolSettingsStore(),
            launchProblems: [.storage("no space"), .interests("damaged")])
        #expect(session.launchProblems.count == 2)
        session.dismiss(.storage("no space"))
        #expect(session.launchProblems == [.interests("damaged")])
    }

    @Test("a location request iOS never answers, or refuses, says why and where to fix it; a grant says nothing")
    func permissionProblems() async throws {
        let rig = try FakeRig()
        let unanswered = OnboardingModel(
            session: rig.session, permission: FakeLocationPermission(whenInUse: .notDetermined),
            interests: rig.interests)
        await unanswered.requestLocation()
        #expect(unanswered.locationProblem?.contains("Location Services") == true)

        let refused = OnboardingModel(
            session: rig.session, permission: FakeLocationPermission(whenInUse: .denied), interests: rig.interests)
        await refused.requestLocation()
        #expect(refused.locationProblem == TidepoolCopy.permissionProblem(.denied))
        #expect(refused.locationProblem != nil)

        let granted = OnboardingModel(
            session: rig.session, permission: FakeLocationPermission(), interests: rig.interests)
        await granted.requestLocation()
        #expect(granted.location == .always)
        #expect(granted.locationProblem == nil)
    }

    @Test("a location service failure reaches the chip; a refusal offers Settings; the next fix clears it")
    func locationFailures() async throws {
        let rig = try FakeRig()
        try await rig.onboard()
        let model = ReportingModel(
            client: rig.session.client, settings: FileTidepoolSettingsStore(url: rig.settingsFile),
            codebook: FakeRig.codebook, interest: FixedInterestSource([1, 0, 0]),
            clock: FakeServerClock(server: rig.server))
        await model.handle(.permission(.always))
        #expect(model.locationProblem == nil)
        #expect(model.locationProblemText == nil)

        model.locationFailed(.network)
        #expect(model.locationProblem == .network)
        #expect(model.locationProblemText == TidepoolCopy.locationProblem(.network))
        #expect(!model.permissionNeedsSettings)

        await model.handle(.fix(LocationFix(coordinate: FakeRig.home.north(3_000), time: Double(rig.server.now))))
        #expect(model.locationProblem == nil)

        model.locationFailed(.denied)
        #expect(model.permissionNeedsSettings)
        #expect(model.status.state == .off(.noPermission))
        #expect(model.ring == nil)
    }
}
