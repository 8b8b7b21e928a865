import GeoKit
import HeatAggregation
import PlaceStore

extension PublicTileDomain {
    /// The most places of a store the service area is read from.
    public static let maximumServiceAreaPlaces = 5_000_000

    /// The service area's public tile domain: the base tiles of `tiler` holding at least one
    /// place of `store` (public data, fixed before any report). What `loci serve` builds at
    /// start-up and `loci tidepool simulate --public-domain` measures, from the same store.
    /// - Throws: the store's read error.
    public static func serviceArea(
        of store: SQLitePlaceStore, tiler: GridTiler = .standard
    ) throws(PlaceStoreError) -> PublicTileDomain {
        let world = BoundingBox(uncheckedSouth: -90, west: -180, north: 90, east: 180)
        let places = try store.places(in: world, limit: maximumServiceAreaPlaces)
        return PublicTileDomain(covering: places.map(\.coordinate), tiler: tiler)
    }
}
