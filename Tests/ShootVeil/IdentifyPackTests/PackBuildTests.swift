import Foundation
import GeoKit
import IdentifyKit
import IdentifyPack
import IdentifyPackBuilder
import LociTestSupport
import PlaceStore
import Testing

@Suite("Building an offline pack")
struct PackBuildTests {
    @Test(
        "a pack from an imported store holds every building, only landmark places, and a manifest that names its sources",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func fromStore() throws {
        let pack = try OfflinePack(path: try WestVillagePack.packFile())
        let store = try SQLitePlaceStore(path: try WestVillagePack.storeFile())
        let counts = try store.counts()
        let manifest = pack.manifest
        #expect(manifest.formatVersion == PackFormat.version)
        #expect(manifest.name == "nyc-west-village")
        #expect(manifest.builtAt == WestVillagePack.builtAt)
        #expect(manifest.sources.map(\.licence) == [
            "© OpenStreetMap contributors, ODbL 1.0", "Wikidata, CC0 1.0", "airportsdata, MIT licence",
        ])
        #expect(manifest.sources.map(\.file) == ["nyc-west-village.osm.pbf", "wikidata-landmarks.csv", "airports.csv"])
        #expect(manifest.table("buildings")?.rows == counts.buildings)
        #expect(counts.buildings > 1_000)
        let packCounts = try pack.places.counts()
        #expect(packCounts.buildings == counts.buildings)
        // Only landmark places: fewer than the store's, and every one of them a landmark.
        #expect(packCounts.places < counts.places)
        let all = try pack.places.places(in: .world, limit: .max)
        #expect(LandmarkCatalog.osmLandmarks(all).count == all.count)
        #expect(!all.isEmpty)
        // Every table but the manifest is covered, the indexes through their shadow tables.
        for table in ["buildings", "buildings_rtree_node", "places", "place_cells", "places_fts_data", "pack_landmarks", "pack_airports"] {
            let entry = try #require(manifest.table(table), "no entry for \(table)")
            #expect(entry.sha256.count == 64 && entry.sha256.allSatisfy(\.isHexDigit))
        }
        #expect(manifest.table("pack_manifest") == nil)
        #expect(Set(manifest.tables.map(\.sha256)).count == manifest.tables.count)
        // The area is the extent of the content; the lists are cut around it.
        let area = manifest.area
        #expect(area.contains(Coordinate(uncheckedLatitude: 40.7336, longitude: -74.0027)))
        #expect(area.north - area.south < 0.1 && area.east - area.west < 0.1)
        for building in try store.buildings(in: .world, limit: .max) {
            #expect(building.footprint.allSatisfy(area.contains), "\(building.id) is outside the area")
        }
        let (landmarks, airports) = try WestVillagePack.lists()
        #expect(pack.landmarks.count > 0 && pack.landmarks.count < landmarks.count)
        #expect(pack.airports.contains { $0.icao == "KJFK" } && pack.airports.contains { $0.icao == "KLGA" })
        #expect(!pack.airports.contains { $0.icao == "KLAX" })
        #expect(pack.airports.count < airports.count)
    }

    @Test(
        "a pack straight from the extract holds what the pack from its imported store holds",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func fromExtract() throws {
        let folder = try WestVillagePack.folder("extract")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("wv.pack").path
        let manifest = try WestVillagePack.builder.build(
            from: .extract(SharedData.url(WestVillagePack.extract)), to: out, now: WestVillagePack.builtAt)
        let fromStore = try OfflinePack(path: try WestVillagePack.packFile()).manifest
        // Same content, table by table (store_metadata differs: its import time).
        for table in fromStore.tables where table.name != "store_metadata" {
            #expect(manifest.table(table.name) == table, "\(table.name)")
        }
        #expect(manifest.area == fromStore.area)
        _ = try OfflinePack(path: out)
        // Nothing but the pack is left in the folder: no temporary store, no temporary pack.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["wv.pack"])
    }

    @Test(
        "a --bbox keeps the buildings within the margin of the area and names it in the manifest",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func boundingBox() throws {
        let folder = try WestVillagePack.folder("bbox")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("small.pack").path
        let area = try BoundingBox(south: 40.733, west: -74.004, north: 40.734, east: -74.003)
        var builder = WestVillagePack.builder
        builder.area = area
        builder.name = "corner"
        builder.marginMetres = 100
        let manifest = try builder.build(from: .store(path: try WestVillagePack.storeFile()), to: out, now: WestVillagePack.builtAt)
        #expect(manifest.area == area && manifest.name == "corner" && manifest.marginMetres == 100)
        let pack = try OfflinePack(path: out)
        let store = try SQLitePlaceStore(path: try WestVillagePack.storeFile())
        let all = try store.counts().buildings
        let kept = try #require(manifest.table("buildings")?.rows)
        #expect(kept > 0 && kept < all)
        // Every building whose bounds meet the area itself is in the pack.
        let inArea = try store.buildings(in: area, limit: .max).map(\.id)
        #expect(try pack.places.buildings(in: area, limit: .max).map(\.id) == inArea)
    }

    @Test(
        "a failed build leaves no file at the output, and an existing one untouched",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func failedBuildIsAtomic() throws {
        let folder = try WestVillagePack.folder("atomic")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.pack").path
        var builder = WestVillagePack.builder
        builder.area = try BoundingBox(south: 10, west: 10, north: 10.01, east: 10.01)
        #expect(throws: PackBuildError.self) {
            _ = try builder.build(from: .store(path: try WestVillagePack.storeFile()), to: out, now: WestVillagePack.builtAt)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)

        let old = Data("an older pack".utf8)
        try old.write(to: URL(fileURLWithPath: out))
        let badList = folder.appendingPathComponent("bad.csv")
        try Data("wikidata,kind,name\nQ1,tower,x\n".utf8).write(to: badList)
        builder = WestVillagePack.builder
        builder.landmarksFile = badList
        do {
            _ = try builder.build(
                from: .extract(SharedData.url(WestVillagePack.extract)), to: out, now: WestVillagePack.builtAt)
            Issue.record("a bad landmark list was accepted")
        } catch {
            #expect(error.description.contains("bad.csv") && error.description.contains("line 1"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["bad.csv", "out.pack"])
    }
}
