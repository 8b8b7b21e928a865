import Foundation
import GeoKit
import IdentifyKit
import IdentifyPack
import IdentifyPackBuilder
import LociTestSupport
import PlaceImport
import PlaceStore

/// The shared West Village extract imported once into a store, and a pack built from that store
/// with the shared landmark list and airports: what the pack tests compare.
enum WestVillagePack {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let landmarksCSV = "landmarks/wikidata-landmarks.csv"
    static let airportsCSV = "geo/airports.csv"
    static let available = SharedData.has(extract, landmarksCSV, airportsCSV)
    static let missing = SharedData.missingMessage("the West Village extract, the landmark list and airports.csv")
    static let builtAt = Date(timeIntervalSince1970: 1_764_115_200)

    /// A fresh folder under the temporary directory.
    static func folder(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("pack-\(label)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static let directory: URL? = try? folder("shared")

    /// The imported store's path.
    static let storePath: String? = {
        guard let directory else { return nil }
        let path = directory.appendingPathComponent("wv.sqlite").path
        guard (try? OSMPlaceImporter().import(from: SharedData.url(extract), into: path)) != nil else { return nil }
        return path
    }()

    /// The builder the tests use: both lists from the shared data.
    static let builder = PackBuilder(
        landmarksFile: SharedData.url(landmarksCSV), airportsFile: SharedData.url(airportsCSV))

    /// A pack built from the imported store.
    static let packPath: String? = {
        guard let directory, let storePath else { return nil }
        let path = directory.appendingPathComponent("wv.pack").path
        guard (try? builder.build(from: .store(path: storePath), to: path, now: builtAt)) != nil else { return nil }
        return path
    }()

    /// A copy of the pack to damage.
    static func copy(in folder: URL) throws -> String {
        let source = try packFile()
        let copy = folder.appendingPathComponent("copy.pack").path
        try FileManager.default.copyItem(atPath: source, toPath: copy)
        return copy
    }

    static func packFile() throws -> String {
        guard let packPath else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "wv.pack"]) }
        return packPath
    }

    static func storeFile() throws -> String {
        guard let storePath else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "wv.sqlite"]) }
        return storePath
    }

    /// The shared lists as `loci identify --landmarks --airports` would read them.
    static func lists() throws -> ([Landmark], [Airport]) {
        let landmarks = try LandmarkCatalog.readWikidataCSV(String(contentsOf: SharedData.url(landmarksCSV), encoding: .utf8))
        let airports = try Airport.readCSV(String(contentsOf: SharedData.url(airportsCSV), encoding: .utf8))
        return (landmarks, airports)
    }
}
