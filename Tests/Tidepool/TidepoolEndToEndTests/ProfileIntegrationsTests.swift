import Foundation
import GeoKit
import InterestIntegrations
import InterestKit
import Synchronization
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolTestServer

/// Photographed places as a test holds them.
struct FixedPhotographedPlaces: PhotographedPlaceSource {
    var places: [PhotographedPlace]
    var refusal: IntegrationError?

    func photographedPlaces() async throws(IntegrationError) -> (
        places: [PhotographedPlace], timeZone: TimeZone
    ) {
        if let refusal { throw refusal }
        return (places, TimeZone(identifier: "Europe/Helsinki") ?? .gmt)
    }
}

/// Categories by place, recording where it was asked.
final class TableCategoryResolver: PlaceCategoryResolver {
    let table: [Coordinate: [String]]
    private let asked = Mutex<[Coordinate]>([])

    init(_ table: [Coordinate: [String]]) { self.table = table }

    var questions: [Coordinate] { asked.withLock { $0 } }

    func categoryIDs(near coordinate: Coordinate, radius: Double) async -> [String] {
        asked.withLock { $0.append(coordinate) }
        return table[coordinate] ?? []
    }
}

/// A map service that cannot be reached.
struct UnreachableCategoryResolver: PlaceCategoryResolver {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "offline" }
    }

    func categoryIDs(near coordinate: Coordinate, radius: Double) async throws -> [String] { throw Offline() }
}

/// Integrations connected from the profile after onboarding, Photos among them, against
/// `loci serve` on loopback.
@Suite("Tidepool profile: integrations connected later, Photos as an interest source")
@MainActor
struct ProfileIntegrationsTests {
    static let cafe = Coordinate(uncheckedLatitude: 60.17, longitude: 24.94)
    static let park = Coordinate(uncheckedLatitude: 60.30, longitude: 24.50)
    static let club = Coordinate(uncheckedLatitude: 60.20, longitude: 24.90)

    static func places() -> [PhotographedPlace] {
        [
            PhotographedPlace(
                centroid: cafe, radius: 80, distinctDays: 12, lastDay: .init(year: 2026, month: 10, day: 3)),
            PhotographedPlace(
                centroid: park, radius: 120, distinctDays: 4, lastDay: .init(year: 2026, month: 8, day: 9)),
            PhotographedPlace(
                centroid: club, radius: 60, distinctDays: 30, lastDay: .init(year: 2026, month: 9, day: 1),
                isHidden: true),
        ]
    }

    static func connector(_ source: FixedPhotographedPlaces, _ resolver: TableCategoryResolver) throws
        -> PhotosConnector
    {
        let model = try InterestModel.bundled()
        return PhotosConnector(
            source: source, resolver: resolver, canonicalizer: Canonicalizer(vocabulary: model.vocabulary))
    }

    @Test(
        "Photos connected from the profile: the photographed kinds of place join the interests on the server; hidden places are never looked up"
    )
    func photosFromProfile() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        let resolver = TableCategoryResolver([
            Self.cafe: ["cafe", "bakery", "bank"], Self.park: ["park"], Self.club: ["nightclub"],
        ])
        let photos = try Self.connector(FixedPhotographedPlaces(places: Self.places()), resolver)
        let profile = ProfileModel(
            session: rig.session, interests: rig.interests, exportFolder: rig.folder, connectors: [photos])
        await profile.load()
        #expect(!profile.isConnected("photos"))

        await profile.connect(try #require(profile.connectors.first))
        #expect(profile.error == nil && profile.integrationError == nil)
        #expect(profile.connecting == nil)
        #expect(profile.isConnected("photos"))
        #expect(Set(resolver.questions) == [Self.cafe, Self.park])
        #expect(profile.integrationsNotOffered.isEmpty)
        let stored = try #require(try await server.store.profile(deviceID: device))
        #expect(
            Set(stored.tags) == [
                "music:jazz", "activity:kayaking", "venue:cafe", "venue:bakery", "venue:park",
            ])
        #expect(rig.session.settings.integrations.contains("photos"))

        await profile.disconnect("photos")
        #expect(!profile.isConnected("photos"))
        #expect(!rig.session.settings.integrations.contains("photos"))
    }

    @Test("access to Photos refused: the failure is shown and the profile is left as it was")
    func photosRefused() async throws {
        let server = try await ClientTestServer.start()
        defer { server.stop() }
        let rig = try TidepoolRig(server: server)
        _ = try await rig.onboard()
        let device = try #require(rig.session.deviceID)
        let refusal = IntegrationError(
            integration: "photos", reason: "access to the photo library was refused")
        let photos = try Self.connector(
            FixedPhotographedPlaces(places: [], refusal: refusal), TableCategoryResolver([:]))
        let profile = ProfileModel(
            session: rig.session, interests: rig.interests, exportFolder: rig.folder, connectors: [photos])
        await profile.load()
        await profile.connect(photos)
        #expect(profile.integrationError == refusal)
        #expect(!profile.isConnected("photos"))
        #expect(
            Set(try #require(try await server.store.profile(deviceID: device)).tags) == [
                "music:jazz", "activity:kayaking",
            ])
    }

    @Test("only the places photographed on the most days are looked up")
    func placeLimit() async throws {
        let resolver = TableCategoryResolver([Self.cafe: ["cafe"], Self.park: ["park"]])
        let model = try InterestModel.bundled()
        let photos = PhotosConnector(
            source: FixedPhotographedPlaces(places: Self.places()), resolver: resolver,
            canonicalizer: Canonicalizer(vocabulary: model.vocabulary), placeLimit: 1)
        // The hidden club has the most days, but is never asked about; the café (12 days) is.
        #expect(try await photos.connect().map(\.rawValue) == ["venue:cafe"])
        #expect(resolver.questions == [Self.cafe])
    }

    @Test(
        "photographed places of no known kind are an error naming how many there were, not an empty profile change"
    )
    func photosOfNothingKnown() async throws {
        let resolver = TableCategoryResolver([Self.cafe: ["not_a_category"]])
        let photos = try Self.connector(
            FixedPhotographedPlaces(places: Array(Self.places().prefix(2))), resolver)
        await #expect(
            throws: IntegrationError(
                integration: "photos",
                reason: "None of your 2 photographed places is a kind of place Tidepool knows.")
        ) {
            try await photos.connect()
        }
    }

    @Test("a map service that cannot be reached is said as such, not as photographed places of no known kind")
    func photosWithMapServiceOffline() async throws {
        let model = try InterestModel.bundled()
        let photos = PhotosConnector(
            source: FixedPhotographedPlaces(places: Array(Self.places().prefix(2))),
            resolver: UnreachableCategoryResolver(), canonicalizer: Canonicalizer(vocabulary: model.vocabulary))
        await #expect(
            throws: IntegrationError(integration: "photos", reason: TidepoolCopy.placeLookupFailed("offline"))
        ) {
            try await photos.connect()
        }
        #expect(TidepoolCopy.placeLookupFailed("offline", in: .english).hasPrefix("Apple's map service could not be reached"))
    }
}
