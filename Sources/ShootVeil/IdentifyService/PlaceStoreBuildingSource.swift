import GeoKit
import IdentifyKit
import PlaceKit
import PlaceStore

/// The place store's building R*Tree as the identification engine's building source.
public struct PlaceStoreBuildingSource: BuildingSource, Sendable {
    /// The store, opened read-only or read-write.
    public let store: SQLitePlaceStore

    /// A source over `store`.
    public init(store: SQLitePlaceStore) {
        self.store = store
    }

    /// Footprints whose bounds meet `box`, at most 200,000 (a few kilometres of a dense city).
    public func buildings(in box: BoundingBox) throws -> [Building] {
        try store.buildings(in: box, limit: 200_000)
    }
}
