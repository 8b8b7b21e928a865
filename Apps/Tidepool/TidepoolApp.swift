// Tidepool's entry point and composition root: the one place that picks the live adapters
// (Keychain credentials, App Attest, CoreLocation permission and live updates,
// ASWebAuthenticationSession for Spotify, PhotoKit and MapKit for the Photos interest source),
// the files in Application Support (settings, favourites queue) and the server, and hands them
// to the models in TidepoolFeature. Every decision lives in those models (tested on
// Linux against `loci serve` on loopback); this file only wires.
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import Foundation
import InterestKit
import Spotify
import SwiftUI
import TidepoolClient
import TidepoolFeature
import TidepoolKit
import TidepoolLive
import TidepoolUI

@main
struct TidepoolApp: App {
    @State private var session: TidepoolSession
    @State private var map: TidepoolMapModel
    @State private var reporting: ReportingModel
    @Environment(\.scenePhase) private var scenePhase
    private let composition: TidepoolComposition
    private let location: CoreLocationLiveUpdates

    init() {
        let composition = TidepoolComposition()
        let session = composition.session()
        let location = CoreLocationLiveUpdates()
        let reporting = composition.reporting(session, locationModes: location)
        // CoreLocation's failures reach the chip.
        location.onFailure = { [weak reporting] problem in reporting?.locationFailed(problem) }
        self.composition = composition
        self.location = location
        _session = State(initialValue: session)
        _reporting = State(initialValue: reporting)
        _map = State(initialValue: composition.map(session, reporting: reporting))
    }

    var body: some Scene {
        WindowGroup {
            TidepoolRootView(
                session: session, map: map, onboarding: { composition.onboarding(session) },
                profile: { composition.profile(session) }
            )
            // A failure stays in the session: the root shows it with Retry (`session.launch()`).
            .task { await session.launch() }
            // Reporting runs for the app's life: the model decides what each fix may do, and wakes
            // itself for the day's batch of tokens and each report's planned moment.
            .task { await reporting.run(location) }
            // Coming to the foreground is a wake (never a location event): a due batch is fetched.
            .onChange(of: scenePhase) {
                if scenePhase == .active { Task { await reporting.wake() } }
                // The map is the app's screen: on screen while active (live fixes, best accuracy).
                Task { await reporting.setMapOnScreen(scenePhase == .active) }
            }
            // Home, the switch, the heat palette or onboarding changed through the session: the
            // reporting model and the map read the saved settings again.
            .onChange(of: session.settings) {
                Task {
                    await reporting.reload()
                    await map.reloadSettings()
                    await map.reloadInterest()
                }
            }
        }
    }
}

/// The live pieces of Tidepool.
@MainActor
struct TidepoolComposition {
    /// The server (the Info.plist's `LociServerURL`, so a build can point at a staging server).
    let serverURL: URL
    /// Application Support/Tidepool: settings, the favourites queue and the day's tokens.
    let folder: URL
    /// The bundled interest vocabulary (``InterestSearch/unavailable`` only if the app bundle is
    /// damaged: the interests step then offers nothing, and the root says so).
    let interests: InterestSearch
    /// The bundled interest model (nil only if the app bundle is damaged: no integration is
    /// offered, and the root says so).
    let interestModel: InterestModel?
    /// What could not be set up here; the session shows each until dismissed.
    let launchProblems: [TidepoolLaunchProblem]

    init() {
        let configured = Bundle.main.object(forInfoDictionaryKey: "LociServerURL") as? String
        serverURL = configured.flatMap(URL.init(string:)) ?? Self.localServer
        var problems: [TidepoolLaunchProblem] = []
        let support: URL
        do {
            support = try FileManager.default.url(
                for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true)
        } catch {
            // The app still runs, keeping its files until it closes.
            support = FileManager.default.temporaryDirectory
            problems.append(.storage(error.localizedDescription))
        }
        folder = support.appendingPathComponent("Tidepool", isDirectory: true)  // not-copy: a file name
        do {
            interests = try InterestSearch.bundled()
        } catch {
            interests = .unavailable
            problems.append(.interests("\(error)"))
        }
        do {
            interestModel = try InterestModel.bundled()
        } catch {
            interestModel = nil
            problems.append(.integrations("\(error)"))
        }
        launchProblems = problems
        client = TidepoolClient(
            serverURL: serverURL, credentials: KeychainCredentialStore(),
            favourites: FileFavouriteQueue(url: folder.appendingPathComponent("favourites-queue.json")))  // not-copy: a file name
        settings = FileTidepoolSettingsStore(url: folder.appendingPathComponent("settings.json"))  // not-copy: a file name
    }

    /// `loci serve` on the Mac running the simulator, when the Info.plist names no server.
    static var localServer: URL {
        var components = URLComponents()
        components.scheme = "http"  // not-copy: URL scheme
        components.host = "localhost"  // not-copy: host name
        components.port = 8080
        return components.url ?? FileManager.default.temporaryDirectory
    }

    /// The one client: Keychain credentials and the file queue.
    let client: TidepoolClient
    /// The one settings file every model reads and updates.
    let settings: FileTidepoolSettingsStore

    /// The session: the client, App Attest and the settings.
    func session() -> TidepoolSession {
        TidepoolSession(
            client: client, attestation: Self.attestation, settingsStore: settings, launchProblems: launchProblems)
    }

    /// App Attest on a device. The simulator cannot attest, so there the app sends the
    /// development attestation, which only a server started with `--development-attestation`
    /// (as `scripts/serve` does) accepts.
    static var attestation: any AttestationProvider {
        #if targetEnvironment(simulator)
            FakeAttestationProvider()
        #else
            AppAttestProvider()
        #endif
    }

    /// Background reporting with the bundled facet codebook (no facet is sent if it cannot be
    /// read or differs from the server's) and the profile's interest vector.
    /// `locationModes` is told when the GPS is needed (TidepoolKit's `LocationPolicy`).
    func reporting(_ session: TidepoolSession, locationModes: any LocationModeControl) -> ReportingModel {
        // Without the codebook a report carries no interest group: nothing the person sees or can fix.
        let codebook = try? InterestFacets.bundledCodebook()  // try?: reports still go, sharing less
        return ReportingModel(
            client: session.client, settings: settings, codebook: codebook,
            interest: ProfileInterestSource(client: session.client),
            tokens: FileTokenWalletStore(url: folder.appendingPathComponent("tokens.json")),  // not-copy: a file name
            permission: CoreLocationPermission(), locationModes: locationModes)
    }

    /// The map, sharing the reporting model (its ring and chip).
    func map(_ session: TidepoolSession, reporting: ReportingModel) -> TidepoolMapModel {
        TidepoolMapModel(
            client: session.client, settings: settings, interest: ProfileInterestSource(client: session.client),
            reporting: reporting)
    }

    /// Onboarding with the CoreLocation permission and Spotify through ASWebAuthenticationSession.
    func onboarding(_ session: TidepoolSession) -> OnboardingModel {
        OnboardingModel(
            session: session, permission: CoreLocationPermission(), interests: interests,
            connectors: connectors())
    }

    /// The profile, exporting into the temporary directory for the share sheet, offering the
    /// integrations onboarding offers.
    func profile(_ session: TidepoolSession) -> ProfileModel {
        ProfileModel(
            session: session, interests: interests,
            exportFolder: FileManager.default.temporaryDirectory.appendingPathComponent("TidepoolExport"),  // not-copy: a file name
            connectors: connectors())
    }

    /// The integrations this build offers: Spotify when it carries a client id, and Photos.
    private func connectors() -> [any IntegrationConnector] {
        (spotify().map { [$0] } ?? []) + (photos().map { [$0] } ?? [])
    }

    /// Photos: the library's places (PhotoKit, clustered on the phone) and MapKit's points of
    /// interest at each, as venue interests.
    private func photos() -> PhotosConnector? {
        guard let model = interestModel else { return nil }
        return PhotosConnector(
            source: PhotoLibraryPhotographedPlaces(), resolver: MapKitPlaceCategoryResolver(),
            canonicalizer: Canonicalizer(vocabulary: model.vocabulary))
    }

    /// Spotify, when the build carries a client id (`SpotifyClientID` in the Info.plist).
    private func spotify() -> SpotifyConnector? {
        guard let clientID = Bundle.main.object(forInfoDictionaryKey: "SpotifyClientID") as? String,
            !clientID.isEmpty, let redirect = URL(string: "app.loci.tidepool://spotify"),
            let model = interestModel
        else { return nil }
        let auth = SpotifyAuthClient(configuration: .init(clientID: clientID, redirectURI: redirect))
        return SpotifyConnector(
            auth: auth, api: SpotifyAPIClient(auth: auth),
            authenticator: WebAuthenticationSessionAuthenticator(),
            canonicalizer: Canonicalizer(vocabulary: model.vocabulary),
            random: { UInt64.random(in: .min ... .max) },
            now: { Date() })
    }
}
