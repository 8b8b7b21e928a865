import Foundation
import GeoKit
import HTTPTypes
import InterestKit
import OpenAPIRuntime
import OpenAPIURLSession
import Synchronization
import TidepoolFeature
import TidepoolTestServer

@testable import TidepoolClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that can lose the network: offline, every request fails as a dropped
/// connection does and nothing reaches the server; requests that did reach it are counted.
final class FlakyTransport: ClientTransport {
    private let inner = URLSessionTransport(configuration: .init(session: URLSession(configuration: .ephemeral)))
    private let offlineState = Mutex(false)
    private let sent = Mutex<[String]>([])

    var offline: Bool {
        get { offlineState.withLock { $0 } }
        set { offlineState.withLock { $0 = newValue } }
    }

    /// Operation ids that reached the server, in order.
    var operations: [String] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        if offline { throw URLError(.notConnectedToInternet) }
        sent.withLock { $0.append(operationID) }
        return try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}

/// Everything a Tidepool feature test drives: a loopback server, a client on a flaky transport
/// with a file queue, a session, fakes for the device.
@MainActor
struct TidepoolRig {
    let server: ClientTestServer
    let transport = FlakyTransport()
    let credentials = InMemoryCredentialStore()
    let folder: URL
    let session: TidepoolSession
    let permission: FakeLocationPermission
    let interests: InterestSearch

    init(server: ClientTestServer, permission: FakeLocationPermission = FakeLocationPermission()) throws {
        self.server = server
        interests = try InterestSearch.bundled()
        self.permission = permission
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidepool-app-\(UUID().uuidString)")
        let client = TidepoolClient(
            serverURL: server.baseURL, credentials: credentials,
            favourites: FileFavouriteQueue(url: folder.appendingPathComponent("favourites-queue.json")),
            retry: RetryPolicy(maxAttempts: 1), transport: transport, anonymousTransport: transport)
        session = TidepoolSession(
            client: client, attestation: FakeAttestationProvider(),
            settingsStore: FileTidepoolSettingsStore(url: folder.appendingPathComponent("settings.json")))
    }

    var settingsFile: URL { folder.appendingPathComponent("settings.json") }
    var queueFile: URL { folder.appendingPathComponent("favourites-queue.json") }

    func onboarding(connectors: [any IntegrationConnector] = []) -> OnboardingModel {
        OnboardingModel(session: session, permission: permission, interests: interests, connectors: connectors)
    }

    func profile() -> ProfileModel {
        ProfileModel(session: session, interests: interests, exportFolder: folder.appendingPathComponent("exports"))
    }

    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// Onboards through every step: permission, Home, `interests` typed, then finish.
    func onboard(typing words: [String] = ["jazz", "kayak"]) async throws -> OnboardingModel {
        let model = onboarding()
        try await session.start()
        await model.load()
        model.next()
        await model.requestLocation()
        model.next()
        model.placeHome(Self.home)
        await model.confirmHome()
        model.next()
        model.next()
        for word in words {
            model.search(word)
            if let first = model.suggestions.first { model.toggle(first.tag) }
        }
        await model.finish()
        return model
    }
}
