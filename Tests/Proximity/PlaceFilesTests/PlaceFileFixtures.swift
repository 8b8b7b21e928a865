import Foundation
import ProximityKit

/// Where the committed place files and tracks are.
enum PlaceFileFixtures {
    /// This target's fixtures.
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The committed Helsinki tracks and their Loci JSON place sets.
    static let tracks = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../ProximityKitTests/Fixtures/tracks").standardizedFileURL

    /// A fixture's bytes.
    static func data(_ name: String) throws -> Data { try Data(contentsOf: folder.appendingPathComponent(name)) }

    /// A track's Loci JSON place set.
    static func placeSet(_ track: String) throws -> PlaceSet {
        try PlaceSet(json: Data(contentsOf: tracks.appendingPathComponent("\(track).places.json")))
    }
}
