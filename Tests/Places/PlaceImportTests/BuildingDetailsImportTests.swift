import Foundation
import LociTestSupport
import PlaceImport
import PlaceKit
import PlaceStore
import Testing

/// Expected values are the tags `osmium tags-filter wr/building -f opl` prints for these ways.
@Suite("Imported buildings carry type, year and wikidata from the real extracts")
struct BuildingDetailsImportTests {
    @Test(
        "West Village: St. John's (w250474741) and Superior Ink (w250490060)",
        .enabled(if: SharedData.has("osm/nyc-west-village.osm.pbf"), Comment(rawValue: SharedData.missingMessage("nyc-west-village.osm.pbf"))))
    func westVillage() throws {
        let buildings = try Self.importBuildings("osm/nyc-west-village.osm.pbf")
        // building=church, start_date=1822, no wikidata tag
        let church = try #require(buildings[PlaceID(osm: .way, id: 250_474_741)])
        #expect(church.kind == "church" && church.year == 1822 && church.wikidataID == nil)
        // building=apartments, start_date=2009
        let ink = try #require(buildings[PlaceID(osm: .way, id: 250_490_060)])
        #expect(ink.kind == "apartments" && ink.year == 2009 && ink.name == "Superior Ink")
        // building=yes, start_date=2004: no kind
        let hotel = try #require(buildings[PlaceID(osm: .way, id: 250_490_286)])
        #expect(hotel.kind == nil && hotel.year == 2004)
    }

    @Test(
        "Lower East Side: Most Holy Redeemer (w839) has wikidata Q5117997",
        .enabled(if: SharedData.has("osm/nyc-lower-east-side.osm.pbf"), Comment(rawValue: SharedData.missingMessage("nyc-lower-east-side.osm.pbf"))))
    func lowerEastSide() throws {
        let buildings = try Self.importBuildings("osm/nyc-lower-east-side.osm.pbf")
        let church = try #require(buildings[PlaceID(osm: .way, id: 839)])
        #expect(church.kind == "church" && church.year == 1852 && church.wikidataID == "Q5117997")
        let blue = try #require(buildings[PlaceID(osm: .way, id: 1_037)])
        #expect(blue.kind == "apartments" && blue.year == 2006 && blue.wikidataID == "Q16827648")
    }

    static func importBuildings(_ extract: String) throws -> [PlaceID: Building] {
        let directory = try TemporaryDirectory()
        let target = directory.path("places.sqlite")
        _ = try OSMPlaceImporter().import(from: SharedData.url(extract), into: target)
        let all = try SQLitePlaceStore(path: target).buildings(in: .world, limit: 1_000_000)
        return Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
    }
}
