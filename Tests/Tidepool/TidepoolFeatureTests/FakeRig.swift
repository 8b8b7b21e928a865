import Foundation
import GeoKit
import InterestCodebook
import TidepoolClient
import TidepoolClientFake
import TidepoolFeature

/// Everything a model test drives: an in-memory server, one device's fake client with a file
/// queue, a session with file settings, fakes for the phone.
@MainActor
struct FakeRig {
    static let home = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)
    static let cafe = InMemoryTidepoolServer.samplePlaces[0]
    static let museum = InMemoryTidepoolServer.samplePlaces[1]
    /// Three one-hot facets over 3-dimensional vectors: interest [1, 0, 0] is facet 0.
    static let codebook = try? FacetCodebook(
        version: "test-3", centroids: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    let server: InMemoryTidepoolServer
    let client: FakeTidepoolClient
    let credentials = InMemoryCredentialStore()
    let folder: URL
    let session: TidepoolSession
    let interests: InterestSearch

    /// A rig whose server knows every interest tag, publishes the test codebook and a daily cap.
    init(dailyEpochCap: Int = 8, epochSeconds: Int64 = 900, keyAheadEpochs: Int64 = 1, now: Int64? = nil)
        throws
    {
        var configuration = InMemoryTidepoolServer.Configuration()
        configuration.interests = nil
        configuration.dailyEpochCap = dailyEpochCap
        configuration.epochSeconds = epochSeconds
        configuration.keyAheadEpochs = keyAheadEpochs
        if let codebook = Self.codebook { configuration.facetCodebook = (codebook.version, codebook.count) }
        server =
            try now.map { try InMemoryTidepoolServer(configuration: configuration, now: $0) }
            ?? InMemoryTidepoolServer(configuration: configuration)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidepool-fake-\(UUID().uuidString)")
        client = FakeTidepoolClient(
            server: server, credentials: credentials,
            favourites: FileFavouriteQueue(url: folder.appendingPathComponent("favourites-queue.json")))
        interests = try InterestSearch.bundled()
        session = TidepoolSession(
            client: client, attestation: FakeAttestationProvider(),
            settingsStore: FileTidepoolSettingsStore(url: folder.appendingPathComponent("settings.json")))
    }

    var settingsFile: URL { folder.appendingPathComponent("settings.json") }
    var queueFile: URL { folder.appendingPathComponent("favourites-queue.json") }

    func profile() -> ProfileModel {
        ProfileModel(
            session: session, interests: interests, exportFolder: folder.appendingPathComponent("exports"))
    }

    /// Onboards through every step: permission, Home, two interests typed, then finish.
    func onboard() async throws {
        let model = OnboardingModel(
            session: session, permission: FakeLocationPermission(), interests: interests, connectors: [])
        try await session.start()
        await model.load()
        model.next()
        await model.requestLocation()
        model.next()
        model.placeHome(Self.home)
        await model.confirmHome()
        model.next()
        model.next()
        for word in ["jazz", "kayak"] {
            model.search(word)
            if let first = model.suggestions.first { model.toggle(first.tag) }
        }
        await model.finish()
    }
}

/// The fake server's clock as the models' clock (so fixes, reports and epochs agree).
struct FakeServerClock: TidepoolClock {
    let server: InMemoryTidepoolServer

    func now() -> Double { Double(server.now) }

    func sleep(seconds: Double) async throws { try await Task.sleep(for: .milliseconds(1)) }
}

extension Coordinate {
    /// The point `meters` due north of this one.
    func north(_ meters: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude + meters / 111_195, longitude: longitude)
    }
}
