import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import IdentifyKit

@Suite("Identified buildings show their own type, year and wikidata")
struct BuildingDetailsIdentifyTests {
    func identify(_ tower: Building, landmarks: LandmarkCatalog? = nil) throws -> IdentificationCandidate {
        let capture = try CaptureMetadata(
            time: nil, coordinate: RayCastRuleTests.origin, ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 0, pitch: 20),
            headingAccuracy: 3, intrinsics: WestVillage.intrinsics)
        let result = try Identifier(buildings: InMemoryBuildingIndex([tower]), landmarks: landmarks).identify(
            capture, tapX: 2016, y: 1512)
        return try #require(result.first)
    }

    @Test func buildingTagsBecomeDetails() throws {
        var tower = RayCastRuleTests.square(7, north: 100, size: 40, height: 150)
        tower.kind = "church"
        tower.year = 1822
        tower.wikidataID = "Q42"
        let first = try identify(tower)
        #expect(first.kind == .building)
        #expect(first.details["type"] == "church")
        #expect(first.details["year"] == "1822")
        #expect(first.details["wikidata"] == "Q42")
        #expect(first.details["wikidata_url"] == "https://www.wikidata.org/wiki/Q42")
    }

    @Test func landmarkFillsOnlyWhatTheBuildingLacks() throws {
        var tower = RayCastRuleTests.square(7, north: 100, size: 40, height: 150)
        let flat = FlatProjection(origin: RayCastRuleTests.origin)
        let catalog = LandmarkCatalog([
            Landmark(
                id: "Q1", name: "Test Tower", kind: "skyscraper", coordinate: flat.coordinate(x: 5, y: 120),
                wikidata: "Q1", source: "wikidata")
        ])
        #expect(try identify(tower, landmarks: catalog).details["wikidata"] == "Q1")
        #expect(try identify(tower, landmarks: catalog).details["type"] == nil)
        tower.wikidataID = "Q7"
        #expect(try identify(tower, landmarks: catalog).details["wikidata"] == "Q7")
    }
}
