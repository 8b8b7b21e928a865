import Foundation
import GeoKit
import PNGEncoding
import PlaceKit
import PlaceStore

/// The base map drawn from a place store, offline: the streets and building footprints the
/// import kept, rendered into XYZ PNG tiles by ``BaseMapRenderer``. What `loci serve` answers on
/// `GET /v1/tiles/base/{z}/{x}/{y}.png`.
///
/// Thread safety: a value over a read-only store; call it from any task (each call blocks on
/// SQLite reads, so run it off the async executor).
public struct BaseMapTiles: Sendable {
    /// The zooms drawn: coarser tiles would read a whole city's streets for one tile.
    public static let zoomRange = 12...19

    /// The store read from.
    public let store: SQLitePlaceStore

    /// Creates the tile source over `store`.
    public init(store: SQLitePlaceStore) {
        self.store = store
    }

    /// Whether the store holds the base map (else every tile throws ``BaseMapError/unavailable(store:)``).
    public var isAvailable: Bool { store.hasStreets }

    /// The RGBA pixels of tile (`z`, `x`, `y`).
    ///
    /// - Throws: ``BaseMapError``: a zoom not served or an invalid address first, then an
    ///   unavailable store.
    public func pixels(z: Int, x: Int, y: Int) throws(BaseMapError) -> [UInt8] {
        guard Self.zoomRange.contains(z) else { throw .zoomNotServed(z, Self.zoomRange) }
        let tile: XYZTile
        do { tile = try XYZTile(z: z, x: x, y: y) } catch { throw .invalidTile(error) }
        guard store.hasStreets else { throw .unavailable(store: URL(fileURLWithPath: store.path).lastPathComponent) }
        let bounds = tile.bounds
        let margin = BaseMapRenderer.margin(of: tile)
        let box = BoundingBox(
            uncheckedSouth: max(-90, bounds.south - margin), west: max(-180, bounds.west - margin),
            north: min(90, bounds.north + margin), east: min(180, bounds.east + margin))
        do {
            let streets = try store.streets(in: box)
            let buildings = try store.buildings(in: box, limit: 100_000)
            return BaseMapRenderer.pixels(streets: streets, buildings: buildings, tile: tile)
        } catch {
            throw .store(error)
        }
    }

    /// The PNG of tile (`z`, `x`, `y`).
    ///
    /// - Throws: ``BaseMapError`` as ``pixels(z:x:y:)`` does, or when encoding fails.
    public func png(z: Int, x: Int, y: Int) throws(BaseMapError) -> [UInt8] {
        let rgba = try pixels(z: z, x: x, y: y)
        do {
            return try PNGEncoder.encode(rgba: rgba, width: BaseMapRenderer.size, height: BaseMapRenderer.size)
        } catch {
            throw .encoding("\(error)")
        }
    }
}
