import Foundation
import GeoKit
import PlaceKit
import PlaceStore

/// A fresh folder under the system temporary directory, deleted when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loci-store-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    deinit { try? FileManager.default.removeItem(at: url) }
}

enum StoreFixtures {
    /// Writes `places` and `buildings` to a new store file in `directory` and opens it.
    static func store(
        _ places: [Place], buildings: [Building] = [], in directory: TemporaryDirectory, name: String = "places.sqlite"
    ) throws -> SQLitePlaceStore {
        let path = directory.path(name)
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert(places)
        try writer.insert(buildings: buildings)
        try writer.finish()
        return try SQLitePlaceStore(path: path)
    }

    /// A minimal place.
    static func place(
        _ id: Int64, _ name: String?, _ latitude: Double, _ longitude: Double, category: String = "cafe",
        alternativeNames: [String] = [], importance: Double = 0
    ) -> Place {
        Place(
            id: PlaceID(osm: .node, id: id), name: name, alternativeNames: alternativeNames, category: category,
            coordinate: Coordinate(uncheckedLatitude: latitude, longitude: longitude), importance: importance)
    }
}
