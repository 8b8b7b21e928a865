import Foundation
import GeoKit
import PlaceKit
import PlaceStore
import Testing

@Suite("Local places provider over the store")
struct LocalPlacesProviderTests {
    static func provider(_ directory: TemporaryDirectory) throws -> LocalPlacesProvider {
        LocalPlacesProvider(store: try TextSearchTests.makeStore(directory))
    }

    @Test("name search ranks the named place first and reports distances")
    func nameSearch() async throws {
        let directory = try TemporaryDirectory()
        let service: any PlacesSearchService = try Self.provider(directory)
        let results = try await service.searchPlaces(SearchRequest(text: "Cafe Regatta", center: TextSearchTests.helsinki, radius: 3_000))
        let first = try #require(results.first)
        #expect(first.place.name == "Café Regatta")
        #expect(first.match == .exactName)
        #expect(try #require(first.distance) > 0)
    }

    @Test("a typo still finds the place, as a fuzzy match")
    func typo() async throws {
        let directory = try TemporaryDirectory()
        let service = try Self.provider(directory)
        let results = try await service.searchPlaces(SearchRequest(text: "cafe regata", center: TextSearchTests.helsinki, radius: 3_000))
        #expect(results.first?.place.name == "Café Regatta")
        #expect(results.first?.match == .fuzzyName)
    }

    @Test("a category word finds places of that category nearby")
    func categoryIntent() async throws {
        let directory = try TemporaryDirectory()
        let service = try Self.provider(directory)
        let results = try await service.searchPlaces(SearchRequest(text: "coffee", center: TextSearchTests.helsinki, radius: 3_000))
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.place.category == "cafe" })
    }

    @Test("nearby, region, autocomplete and details go through the protocols")
    func protocols() async throws {
        let directory = try TemporaryDirectory()
        let provider = try Self.provider(directory)
        let nearby = try await provider.searchNearby(center: TextSearchTests.helsinki, categories: ["cafe"], radius: 2_000, limit: 10)
        let distances = nearby.compactMap(\.distance)
        #expect(distances == distances.sorted())
        #expect(nearby.allSatisfy { $0.place.category == "cafe" && ($0.distance ?? .infinity) <= 2_000 })
        let region = try BoundingBox(south: 60.15, west: 24.9, north: 60.2, east: 25)
        let named = try await provider.searchInRegion(text: "sävy", region: region, categories: [], limit: 10)
        #expect(Set(named.map(\.place.name)) == ["Kahvila Sävy", "Sävyn Kahvila"])
        // "kahvila" is also the Finnish category word for cafés: every café in the region comes back.
        let cafes = try await provider.searchInRegion(text: "kahvila", region: region, categories: [], limit: 10)
        #expect(Set(cafes.map(\.place.name)) == ["Kahvila Sävy", "Sävyn Kahvila", "Cafe Ekberg", "Café Regatta"])
        let typed: any AutocompleteService = provider
        let suggestions = try await typed.autocomplete(prefix: "aten", center: TextSearchTests.helsinki, radius: nil, limit: 5)
        #expect(suggestions.first?.place.name == "Ateneum")
        let anywhere = try await typed.autocomplete(prefix: "regatta far", center: nil, radius: nil, limit: 5)
        #expect(anywhere.first?.place.name == "Regatta Far Away")
        let details: any PlaceDetailsService = provider
        #expect(try await details.placeDetails(id: PlaceID(osm: .node, id: 1))?.name == "Ateneum")
        #expect(try await details.placeDetails(id: PlaceID(osm: .node, id: 999)) == nil)
    }

    @Test("a name far outside the radius is still found by the no-centre fallback")
    func farFallback() async throws {
        let directory = try TemporaryDirectory()
        let provider = try Self.provider(directory)
        let newYork = Coordinate(uncheckedLatitude: 40.7, longitude: -74)
        let results = try await provider.searchPlaces(SearchRequest(text: "Ateneum", center: newYork, radius: 2_000))
        #expect(results.first?.place.name == "Ateneum")
    }

    @Test(
        "without full places: the same results, order, scores and positions, without reading the full records",
        arguments: ["Cafe Regatta", "cafe regata", "coffee", "kahvila", "atene"])
    func lightResults(text: String) async throws {
        let directory = try TemporaryDirectory()
        let provider = try Self.provider(directory)
        let full = try await provider.searchPlaces(
            SearchRequest(text: text, center: TextSearchTests.helsinki, radius: 3_000))
        let light = try await provider.searchPlaces(
            SearchRequest(text: text, center: TextSearchTests.helsinki, radius: 3_000, fullPlaces: false))
        #expect(!full.isEmpty)
        #expect(light.map(\.place.id) == full.map(\.place.id))
        #expect(light.map(\.score) == full.map(\.score))
        #expect(light.map(\.match) == full.map(\.match))
        #expect(light.map(\.distance) == full.map(\.distance))
        for (lightResult, fullResult) in zip(light, full) {
            // The full result is the stored record; the light one agrees on what a list shows.
            #expect(fullResult.place == (try await provider.placeDetails(id: fullResult.place.id)))
            #expect(lightResult.place.name == fullResult.place.name)
            #expect(lightResult.place.category == fullResult.place.category)
            #expect(lightResult.place.coordinate == fullResult.place.coordinate)
        }
    }
}
