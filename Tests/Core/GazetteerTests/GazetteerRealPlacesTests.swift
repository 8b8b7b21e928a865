import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import Testing

/// Hand-picked points whose answers are known from geography, not from this code.
@Suite(
    "Reverse geocoding real places",
    .enabled(if: RealGazetteer.isPresent, Comment(rawValue: RealGazetteer.missing)))
struct GazetteerRealPlacesTests {
    private func point(_ latitude: Double, _ longitude: Double) throws -> Coordinate {
        try Coordinate(latitude: latitude, longitude: longitude)
    }

    @Test("the file loads every one of its 234,908 places (SOURCES.md's count)")
    func loadsEveryRow() throws {
        #expect(try RealGazetteer.gazetteer().count == 234_908)
    }

    @Test("Helsinki's railway square is Helsinki, Uusimaa, in Europe/Helsinki")
    func helsinkiCentre() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let answer = try #require(gazetteer.reverse(try point(60.1699, 24.9384)))
        #expect(answer.locality.name == "Helsinki")
        #expect(answer.locality.geonameID == 658_225)
        #expect(answer.neighbourhood == nil)
        #expect(answer.label == "Helsinki, Uusimaa")
        #expect(answer.locality.countryCode == "FI")
        #expect(gazetteer.timeZone(at: try point(60.1699, 24.9384)) == "Europe/Helsinki")
    }

    @Test("a point by Kallio church is Kallio, a neighbourhood of Helsinki")
    func kallio() throws {
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(60.1845, 24.9496)))
        #expect(answer.nearest.name == "Kallio")
        #expect(answer.neighbourhood?.name == "Kallio")
        #expect(answer.locality.name == "Helsinki")
        #expect(answer.label == "Kallio, Helsinki")
        // Kallio's recorded point is 60.18427, 24.95034: about 48 m away by hand haversine.
        #expect(abs(answer.distance - 48) < 5)
    }

    @Test("Linnanmaa, filed under Oulu, belongs to Oulu 4.8 km from Oulu's point")
    func linnanmaa() throws {
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(65.0593, 25.4663)))
        #expect(answer.label == "Linnanmaa, Oulu")
    }

    @Test("a town stays itself next to a bigger city: Leppävaara is not a part of Helsinki")
    func leppavaara() throws {
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(60.2187, 24.8113)))
        #expect(answer.locality.name != "Helsinki")
    }

    @Test("Arezzo's Piazza Grande is Arezzo, Tuscany, in Europe/Rome")
    func arezzo() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let answer = try #require(gazetteer.reverse(try point(43.4633, 11.8815)))
        #expect(answer.label == "Arezzo, Tuscany")
        #expect(answer.locality.admin2 == "Province of Arezzo")
        #expect(answer.locality.timeZone == "Europe/Rome")
    }

    @Test("Times Square is a neighbourhood of New York City")
    func timesSquare() throws {
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(40.7580, -73.9855)))
        #expect(answer.locality.name == "New York City")
        #expect(answer.neighbourhood != nil)
        #expect(answer.locality.timeZone == "America/New_York")
    }

    @Test("the open Atlantic has no place and no zone; a 25 km limit is respected")
    func openAtlantic() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let sea = try point(35, -40)  // ~920 km from Lajes das Flores, the nearest place
        #expect(gazetteer.reverse(sea) == nil)
        #expect(gazetteer.timeZone(at: sea) == nil)
        #expect(gazetteer.reverse(sea, within: 1_000_000)?.nearest.name == "Lajes das Flores")
        #expect(gazetteer.reverse(sea, within: -1) == nil)
        #expect(gazetteer.reverse(sea, within: .nan) == nil)
    }

    @Test("across the antimeridian: a point at 179.9° W finds Savusavu at 179.3° E, Pacific/Fiji")
    func antimeridian() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let lau = try point(-16.78, -179.9)
        #expect(gazetteer.timeZone(at: lau) == "Pacific/Fiji")
        let answer = try #require(gazetteer.reverse(lau, within: 100_000))
        #expect(answer.nearest.name == "Savusavu")
        // Hand haversine: 0.76442° of longitude at 16.78° S ≈ 81.3 km.
        #expect(abs(answer.distance - 81_300) < 500)
        #expect(gazetteer.timeZone(at: try point(63.06, -179.9)) == "Asia/Anadyr")
        #expect(gazetteer.reverse(try point(-21.135, -175.2))?.locality.timeZone == "Pacific/Tongatapu")
    }

    @Test("near the pole: Longyearbyen answers, the sea at 85° N does not")
    func arctic() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let answer = try #require(gazetteer.reverse(try point(78.2232, 15.6267)))
        #expect(answer.label == "Longyearbyen, Svalbard")
        #expect(gazetteer.timeZone(at: try point(78.2232, 15.6267)) == "Arctic/Longyearbyen")
        #expect(gazetteer.timeZone(at: try point(85, 0)) == nil)
        #expect(gazetteer.reverse(try point(90, 0)) == nil)
    }

    @Test("Phoenix keeps America/Phoenix (no DST) while Denver is America/Denver")
    func arizonaAndDenver() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        #expect(gazetteer.timeZone(at: try point(33.4484, -112.0740)) == "America/Phoenix")
        #expect(gazetteer.timeZone(at: try point(39.7392, -104.9903)) == "America/Denver")
        #expect(gazetteer.reverse(try point(39.7392, -104.9903))?.label == "Denver, Colorado")
    }

    @Test("Tornio and Haparanda, 1.5 km apart across the border river, are an hour apart")
    func tornioHaparanda() throws {
        let gazetteer = try RealGazetteer.gazetteer()
        let tornio = try #require(gazetteer.reverse(try point(65.8490, 24.1480)))
        let haparanda = try #require(gazetteer.reverse(try point(65.8340, 24.1350)))
        #expect(tornio.locality.countryCode == "FI" && tornio.locality.timeZone == "Europe/Helsinki")
        #expect(haparanda.locality.countryCode == "SE" && haparanda.locality.timeZone == "Europe/Stockholm")
        // Haparanda is not swallowed by the larger Tornio: the locality never crosses a border.
        #expect(haparanda.locality.name == "Haparanda")
    }

    @Test("Cambridge (110k), 4.2 km from Boston (654k), is not a neighbourhood of Boston")
    func cambridge() throws {
        // Inside Boston's 8.1 km reach, but only 5.9 × smaller: below the 8 × dominance ratio.
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(42.3751, -71.10561)))
        #expect(answer.locality.name == "Cambridge")
        #expect(answer.label == "Cambridge, Massachusetts")
    }

    @Test("Imperial Beach stays in California though Tijuana's reach covers it")
    func imperialBeach() throws {
        // Tijuana (1.9 M) reaches 13.9 km and is 13.6 km away, with 70 × Imperial Beach's
        // population: only the country rule keeps the label on the right side of the border.
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(32.58394, -117.11308)))
        #expect(answer.locality.name == "Imperial Beach")
        #expect(answer.label == "Imperial Beach, California")
        #expect(answer.locality.timeZone == "America/Los_Angeles")
    }

    @Test("places read back exactly as the file's text says")
    func fieldsMatchFileText() throws {
        let answer = try #require(try RealGazetteer.gazetteer().reverse(try point(-21.13683, -175.20114)))
        let expected = try GazetteerPlace(
            geonameID: 4_032_402, name: "Nuku‘alofa", countryCode: "TO", admin1: "Tongatapu",
            admin2: "Kolofo'ou",
            population: 22_400, timeZone: "Pacific/Tongatapu",
            coordinate: Coordinate(latitude: -21.13683, longitude: -175.20114))
        #expect(answer.nearest == expected)
        #expect(answer.distance == 0)
    }
}
