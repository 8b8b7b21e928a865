import Foundation
import Gazetteer
import GeoKit
import PlaceKit
import PlaceStore
import Testing

@testable import PlaceProviders

/// A temporary folder, removed when released.
final class ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "loci-providers-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

enum ProviderFixtures {
    /// Four rows copied from the shared cities500 file (GeoNames), so expectations are the file's values.
    static let gazetteerTSV = """
        geonameid\tname\tlat\tlon\tcountry\tadmin1\tadmin2\tpopulation\ttimezone
        658225\tHelsinki\t60.16952\t24.93545\tFI\tUusimaa\tHelsinki sub-region\t658864\tEurope/Helsinki
        654706\tKallio\t60.18427\t24.95034\tFI\tUusimaa\tHelsinki sub-region\t27051\tEurope/Helsinki
        5746545\tPortland\t45.52345\t-122.67621\tUS\tOregon\tMultnomah County\t652503\tAmerica/Los_Angeles
        4975802\tPortland\t43.65737\t-70.2589\tUS\tMaine\tCumberland County\t66881\tAmerica/New_York

        """

    static func gazetteer() throws -> Gazetteer { try Gazetteer(tsv: Array(gazetteerTSV.utf8)) }

    static let regatta = Place(
        id: PlaceID(osm: .node, id: 1), name: "Café Regatta", category: "cafe",
        coordinate: Coordinate(uncheckedLatitude: 60.1761, longitude: 24.9105))
    static let ateneum = Place(
        id: PlaceID(osm: .way, id: 2), name: "Ateneum", category: "museum",
        coordinate: Coordinate(uncheckedLatitude: 60.17003, longitude: 24.94430),
        address: PostalAddress(
            houseNumber: "2", street: "Kaivokatu", postcode: "00100", city: "Helsinki", country: "FI"))

    static func store(in directory: ScratchDirectory) throws -> SQLitePlaceStore {
        let path = directory.url.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert([regatta, ateneum])
        try writer.finish()
        return try SQLitePlaceStore(path: path)
    }
}

@Suite("Local geocoding on the gazetteer and the place store")
struct LocalLocationServiceTests {
    @Test("reverse geocoding labels a point in Kallio 'Kallio, Helsinki'")
    func reverse() async throws {
        let service = LocalLocationService(gazetteer: try ProviderFixtures.gazetteer(), places: nil)
        let point = try Coordinate(latitude: 60.1845, longitude: 24.9490)
        let found = try #require(try await service.address(for: point))
        #expect(found.label == "Kallio, Helsinki")
        #expect(found.kind == .locality)
        #expect(found.locality == "Helsinki")
        #expect(found.countryCode == "FI")
        // Distance to Kallio's point, by hand: Δlat 0.00023°, Δlon 0.00134° at 60.18° → ≈ 79 m.
        #expect(abs(try #require(found.distance) - 79) < 3)
        #expect(try await service.address(for: Coordinate(latitude: 0, longitude: 0)) == nil)
    }

    @Test("a town name geocodes to the gazetteer's point, the most populous first without a hint")
    func forwardTown() async throws {
        let service = LocalLocationService(gazetteer: try ProviderFixtures.gazetteer(), places: nil)
        let helsinki = try #require(try await service.locations(for: "helsinki", near: nil, limit: 5).first)
        #expect(helsinki.coordinate == Coordinate(uncheckedLatitude: 60.16952, longitude: 24.93545))
        #expect(helsinki.label == "Helsinki, Uusimaa")
        let portlands = try await service.locations(for: "Portland", near: nil, limit: 5)
        #expect(portlands.map(\.label) == ["Portland, Oregon", "Portland, Maine"])
        let boston = try Coordinate(latitude: 42.36, longitude: -71.06)
        #expect(
            try await service.locations(for: "Portland", near: boston, limit: 5).first?.label
                == "Portland, Maine")
    }

    @Test("a place name geocodes through the store, and ', Town' centres the search on the town")
    func forwardPlace() async throws {
        let directory = try ScratchDirectory()
        let places = LocalPlacesProvider(store: try ProviderFixtures.store(in: directory))
        let service = LocalLocationService(gazetteer: try ProviderFixtures.gazetteer(), places: places)

        let ateneum = try #require(try await service.locations(for: "Ateneum", near: nil, limit: 3).first)
        #expect(ateneum.kind == .place)
        #expect(ateneum.placeID == ProviderFixtures.ateneum.id)
        #expect(ateneum.label == "Ateneum, Kaivokatu 2, 00100 Helsinki, FI")
        #expect(ateneum.coordinate == ProviderFixtures.ateneum.coordinate)

        let regatta = try #require(
            try await service.locations(for: "cafe regatta, Helsinki", near: nil, limit: 3).first)
        #expect(regatta.placeID == ProviderFixtures.regatta.id)
        #expect(regatta.locality == "Helsinki")  // from reverse geocoding: the place has no address
        let helsinki = Coordinate(uncheckedLatitude: 60.16952, longitude: 24.93545)
        #expect(regatta.distance == Haversine.distance(helsinki, ProviderFixtures.regatta.coordinate))
        #expect(try await service.locations(for: "  , ", near: nil, limit: 3).isEmpty)
    }
}

@Suite("One configuration value picks the provider")
struct PlaceServicesTests {
    @Test("local needs a store, google needs a key; each says so")
    func missingParts() {
        #expect(throws: PlaceServicesError.missing(provider: .local, what: "a place store")) {
            try PlaceServices.make(.local)
        }
        #expect(
            throws: PlaceServicesError.missing(provider: .google, what: "an API key (GOOGLE_MAPS_API_KEY)")
        ) {
            try PlaceServices.make(.google)
        }
    }

    @Test("the local services answer from the store, with geocoding from the gazetteer")
    func local() async throws {
        let directory = try ScratchDirectory()
        let services = try PlaceServices.make(
            .local, store: try ProviderFixtures.store(in: directory),
            gazetteer: try ProviderFixtures.gazetteer())
        #expect(services.provider == .local)
        let results = try await services.search.searchPlaces(SearchRequest(text: "Ateneum"))
        #expect(results.first?.place.id == ProviderFixtures.ateneum.id)
        let suggestions = try await services.autocomplete.suggestions(
            for: "aten", center: nil, radius: nil, limit: 3)
        #expect(suggestions.first?.primaryText == "Ateneum")
        #expect(suggestions.first?.secondaryText == "Kaivokatu 2, 00100 Helsinki, FI")
        #expect(
            try await services.autocomplete.place(for: try #require(suggestions.first))?.id
                == ProviderFixtures.ateneum.id)
        #expect(try await services.details.placePhotos(id: ProviderFixtures.ateneum.id, maxPhotos: 3).isEmpty)
        #expect(
            try await services.location?.address(for: ProviderFixtures.ateneum.coordinate)?.label
                == "Helsinki, Uusimaa")
    }
}
