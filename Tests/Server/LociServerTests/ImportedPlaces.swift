import Foundation
import LociTestSupport
import PlaceImport
import Synchronization
import Testing

/// Place stores imported from the shared OSM extracts, once per extract per test process (the
/// server never imports on its own: tests that need a real store make it here).
enum ImportedPlaces {
    /// The stores imported so far, by extract.
    private static let stores = Mutex<[String: String]>([:])

    /// The path of a store imported from `extract` (a path under the shared data, such as
    /// `osm/helsinki.osm.pbf`) with `timeZone` recorded, as `loci import --time-zone` does.
    /// Callers copy it rather than write to it.
    static func store(_ extract: String, timeZone: String? = nil) throws -> String {
        try stores.withLock { stores in
            if let path = stores[extract] { return path }
            let path = FileManager.default.temporaryDirectory
                .appendingPathComponent("loci-server-places-\(UUID().uuidString).sqlite").path
            var importer = OSMPlaceImporter()
            if let timeZone { importer.metadata["time_zone"] = timeZone }
            _ = try importer.import(from: SharedData.url(extract), into: path)
            stores[extract] = path
            return path
        }
    }

    /// A copy of ``store(_:timeZone:)`` at `destination`.
    static func copy(_ extract: String, timeZone: String? = nil, to destination: String) throws {
        try FileManager.default.copyItem(atPath: try store(extract, timeZone: timeZone), toPath: destination)
    }
}
