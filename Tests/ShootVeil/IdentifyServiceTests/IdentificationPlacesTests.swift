import Foundation
import IdentifyService
import Testing

/// The pack-or-store choice `loci identify` makes through the service.
@Suite struct IdentificationPlacesTests {
    @Test("a store named by the caller must exist; the default one may be absent, and buildings are then left out")
    func absentStore() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("none-\(UUID().uuidString).sqlite").path
        #expect(throws: IdentificationPlacesError.noPlaceDatabase(path: path)) {
            _ = try IdentificationPlaces.store(path: path, required: true).service()
        }
        #expect(
            IdentificationPlacesError.noPlaceDatabase(path: path).description
                == "no place database at \(path); create one with: loci import FILE.osm.pbf --db \(path)")
        let (service, source) = try IdentificationPlaces.store(path: path, required: false).service()
        #expect(source == nil)
        #expect(service.places == nil)
        #expect(service.landmarksFromPlaces)
        #expect(!FileManager.default.fileExists(atPath: path), "an absent store is not created")
    }

    @Test("a file that is no pack is refused, not read as a store")
    func notAPack() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-\(UUID().uuidString).pack").path
        try Data("not a pack".utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: (any Error).self) { _ = try IdentificationPlaces.pack(path: path).service() }
    }
}
