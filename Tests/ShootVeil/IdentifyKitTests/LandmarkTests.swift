import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import IdentifyKit

@Suite struct LandmarkTests {
    @Test func wikidataCSVIsStrict() throws {
        let good = #"""
            wikidata,kind,name,lat,lon,height_m,floors,visitors
            Q11235,skyscraper,"Empire State Building, NYC",40.748333,-73.985278,443.2,102,
            Q9188,attraction,"The ""Met""",40.779,-73.963,,,
            """#
        let landmarks = try LandmarkCatalog.readWikidataCSV(good)
        #expect(landmarks.count == 2)
        #expect(landmarks[0].name == "Empire State Building, NYC" && landmarks[0].height == 443.2)
        #expect(landmarks[1].name == "The \"Met\"" && landmarks[1].height == nil)
        #expect(throws: LandmarkCSVError(line: 2, reason: "wikidata id 'X1' is not Q followed by digits")) {
            try LandmarkCatalog.readWikidataCSV(
                "wikidata,kind,name,lat,lon,height_m,floors,visitors\nX1,a,b,1,2,,,")
        }
        #expect(throws: LandmarkCSVError.self) {
            try LandmarkCatalog.readWikidataCSV(
                "wikidata,kind,name,lat,lon,height_m,floors,visitors\nQ1,a,b,95,2,,,")
        }
        #expect(throws: LandmarkCSVError.self) { try LandmarkCatalog.readWikidataCSV("id,name\nQ1,x") }
    }

    @Test(
        .enabled(
            if: SharedData.has("landmarks/wikidata-landmarks.csv"),
            Comment(rawValue: SharedData.missingMessage("the landmarks"))))
    func realWikidataExtractReads() throws {
        let text = try String(contentsOf: SharedData.url("landmarks/wikidata-landmarks.csv"), encoding: .utf8)
        let landmarks = try LandmarkCatalog.readWikidataCSV(text)
        // SOURCES.md: 10,369 items (3,613 skyscrapers, 2,451 attractions, 4,305 museums).
        #expect(landmarks.count == 10_369)
        #expect(landmarks.filter { $0.kind == "skyscraper" }.count == 3_613)
    }

    @Test func landmarkInsideAFootprintNamesTheBuilding() throws {
        let tower = RayCastRuleTests.square(7, north: 100, size: 40, height: 150)
        let flat = FlatProjection(origin: RayCastRuleTests.origin)
        let inside = flat.coordinate(x: 5, y: 120)
        let catalog = LandmarkCatalog([
            Landmark(
                id: "Q1", name: "Test Tower", kind: "skyscraper", coordinate: inside, wikidata: "Q1",
                source: "wikidata"),
            Landmark(
                id: "Q2", name: "Far Museum", kind: "museum", coordinate: flat.coordinate(x: 300, y: 120),
                source: "wikidata"),
        ])
        let capture = try CaptureMetadata(
            time: nil, coordinate: RayCastRuleTests.origin, ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 0, pitch: 20),
            headingAccuracy: 3, intrinsics: WestVillage.intrinsics)
        let result = try Identifier(buildings: InMemoryBuildingIndex([tower]), landmarks: catalog).identify(
            capture, tapX: 2016, y: 1512)
        let first = try #require(result.first)
        #expect(first.kind == .landmark && first.name == "Test Tower")
        #expect(first.details["wikidata_url"] == "https://www.wikidata.org/wiki/Q1")
    }

    @Test(
        .enabled(
            if: SharedData.has("geo/airports.csv"),
            Comment(rawValue: SharedData.missingMessage("airports.csv"))))
    func nearestAirportsToLowerManhattan() throws {
        let airports = try Airport.readCSV(
            String(contentsOf: SharedData.url("geo/airports.csv"), encoding: .utf8))
        // SOURCES.md: 28,298 airports.
        #expect(airports.count == 28_298)
        let nearest = Airport.nearest(
            40, to: try Coordinate(latitude: 40.7336, longitude: -74.0027), in: airports)
        // JFK, LGA and EWR are the three big airports around Manhattan, all within 25 km.
        for code in ["KJFK", "KLGA", "KEWR"] {
            #expect(nearest.contains { $0.0.icao == code && $0.1 < 25_000 })
        }
        #expect(zip(nearest, nearest.dropFirst()).allSatisfy { $0.1 <= $1.1 })
    }
}
