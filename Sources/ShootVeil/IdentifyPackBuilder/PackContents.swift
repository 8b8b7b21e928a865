import GeoKit
import IdentifyKit
import IdentifyPack
import PlaceKit
import PlaceStore

/// What goes into a pack, cut from a store and the two lists (see ``PackBuilder``).
struct PackContents {
    /// The area the manifest names.
    var area: BoundingBox
    var buildings: [Building]
    /// The places that are landmarks.
    var places: [Place]
    var landmarks: [Landmark]
    var airports: [Airport]

    /// Cuts the content for `area` (or, `nil`, the store's extent) out of `store` and the lists.
    static func cut(
        from store: SQLitePlaceStore, area: BoundingBox?, margin: Double, airportMargin: Double,
        landmarks: [Landmark], airports: [Airport]
    ) throws(PackBuildError) -> PackContents {
        let box = area.map { PackArea.grown($0, by: margin) } ?? .world
        let buildings: [Building]
        let places: [Place]
        do {
            buildings = try store.buildings(in: box, limit: .max)
            places = try store.places(in: box, limit: .max)
        } catch { throw .store(error) }
        guard !buildings.isEmpty, let extent = area ?? PackArea.extent(buildings: buildings, places: places) else {
            throw .emptyArea(area.map { "no buildings within \(margin) m of \(Self.text($0))" } ?? "the store has no buildings")
        }
        let landmarkIDs = Set(LandmarkCatalog.osmLandmarks(places).map(\.id))
        let near = PackArea.grown(extent, by: margin)
        let airportBox = PackArea.grown(extent, by: airportMargin)
        return PackContents(
            area: extent, buildings: buildings, places: places.filter { landmarkIDs.contains($0.id.rawValue) },
            landmarks: landmarks.filter { near.contains($0.coordinate) },
            airports: airports.filter { airportBox.contains($0.coordinate) })
    }

    /// `S,W,N,E` with six decimals.
    static func text(_ box: BoundingBox) -> String {
        [box.south, box.west, box.north, box.east].map { String(format: "%.6f", $0) }.joined(separator: ",")
    }
}
