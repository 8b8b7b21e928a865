import Foundation
import GeoKit
import PlaceKit
import Testing

@Suite("Seed models: organised results and the retention guard")
struct ProviderModelsTests {
    static let user = Coordinate(uncheckedLatitude: 60.1700, longitude: 24.9400)

    static func ranked(_ id: Int64, _ name: String, metresNorth: Double, _ match: MatchKind) -> RankedPlace {
        // 1° of latitude is 111 195 m on the mean-radius sphere (2π × 6 371 008.8 m / 360).
        let place = Place(
            id: PlaceID(osm: .node, id: id), name: name, category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 60.17 + metresNorth / 111_195.08, longitude: 24.94))
        return RankedPlace(place: place, distance: nil, score: 1, match: match)
    }

    @Test("each result lands in exactly one section, in the seed's order of precedence")
    func sections() {
        let results = [
            Self.ranked(1, "Far exact", metresNorth: 9_000, .exactName),
            Self.ranked(2, "Saved far", metresNorth: 8_000, .partialName),
            Self.ranked(3, "Near partial", metresNorth: 500, .partialName),
            Self.ranked(4, "Far category", metresNorth: 5_000, .category),
            Self.ranked(5, "Far partial", metresNorth: 4_000, .partialName),
            Self.ranked(6, "Near category", metresNorth: 999, .category),
        ]
        let context = SearchContext(userLocation: Self.user, searchOrigin: Self.user, searchRadius: 10_000)
        let organized = OrganizedSearchResults(
            results, context: context, savedPlaceIDs: [PlaceID(osm: .node, id: 2)])
        #expect(organized.exactMatches.map(\.place.name) == ["Far exact"])
        #expect(organized.savedPlaces.map(\.place.name) == ["Saved far"])
        #expect(organized.nearbyResults.map(\.place.name) == ["Near partial", "Near category"])
        #expect(organized.categoryMatches.map(\.place.name) == ["Far category"])
        #expect(organized.extendedResults.map(\.place.name) == ["Far partial"])
        #expect(organized.all.count == results.count)
        let near = try? #require(organized.nearbyResults.first?.distanceFromUser)
        #expect(abs((near ?? 0) - 500) < 0.5)
    }

    static let saved = Date(timeIntervalSince1970: 1_700_000_000)

    @Test("a Google coordinate is usable for 30 days and then dropped; the id stays")
    func googleExpiry() throws {
        let place = Place(
            id: try #require(PlaceID(googlePlaceID: "ChIJN1t_tDeuEmsRUsoyG83frY4")), name: "Google Sydney",
            category: "office", coordinate: Coordinate(uncheckedLatitude: -33.8665, longitude: 151.1956),
            phone: "+61 2 9374 4000")
        let reference = RetainedPlaceReference(place: place, savedAt: Self.saved)
        #expect(reference.isRestricted)
        #expect(reference.coordinate(at: Self.saved.addingTimeInterval(29 * 86_400)) == place.coordinate)
        #expect(reference.coordinate(at: Self.saved.addingTimeInterval(30 * 86_400 + 1)) == nil)
        #expect(reference.coordinate(at: Self.saved.addingTimeInterval(-60)) == nil)
        let pruned = reference.pruned(at: Self.saved.addingTimeInterval(31 * 86_400))
        #expect(pruned.id == place.id)
        #expect(pruned.coordinate == nil)
        #expect(pruned.coordinateSavedAt == nil)
    }

    @Test("only the id, the position and its time are ever encoded")
    func encodesNothingElse() throws {
        let place = Place(
            id: try #require(PlaceID(googlePlaceID: "abc")), name: "Secret name", category: "cafe",
            coordinate: Coordinate(uncheckedLatitude: 1.5, longitude: 2.5), phone: "+358 1")
        let data = try JSONEncoder().encode(RetainedPlaceReference(place: place, savedAt: Self.saved))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["id", "latitude", "longitude", "coordinateSavedAt"])
        #expect(!String(decoding: data, as: UTF8.self).contains("Secret"))
        let back = try JSONDecoder().decode(RetainedPlaceReference.self, from: data)
        #expect(back == RetainedPlaceReference(place: place, savedAt: Self.saved))
    }

    @Test("OSM positions never expire")
    func osmKeeps() {
        let place = Place(
            id: PlaceID(osm: .node, id: 7), name: "Kiosk", category: "shop",
            coordinate: Coordinate(uncheckedLatitude: 60, longitude: 25))
        let reference = RetainedPlaceReference(place: place, savedAt: Self.saved)
        #expect(!reference.isRestricted)
        #expect(reference.coordinate(at: Self.saved.addingTimeInterval(3_650 * 86_400)) == place.coordinate)
    }

    @Test("a stored reference with a bad latitude fails to decode instead of trapping")
    func hostileDecode() {
        let json = #"{"id": "google:x", "latitude": 123, "longitude": 0, "coordinateSavedAt": 0}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(RetainedPlaceReference.self, from: Data(json.utf8))
        }
    }
}
