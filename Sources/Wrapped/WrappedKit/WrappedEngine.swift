import Foundation
import GeoKit

/// Runs a Photo Wrapped over a set of assets: resolve local times, filter the range, Stage A
/// (time statistics), Stage B (places), Stage C (labels for the top places), then the deck —
/// reporting each stage as it completes.
///
/// Deterministic: the same assets, range, hidden places and lookups give the same result.
/// Hiding a place removes it from every place card, the distinct-place count, the new-place card
/// and the collage; totals and time statistics still count its photos.
public struct WrappedEngine: Sendable {
    /// Bumped whenever a change can alter a result (part of the cache key of seed §15).
    public static let algorithmVersion = 1
    /// Places labelled in Stage C (seed §14.3: never more than TOP_PLACES).
    public var labelledPlaces = 10
    /// Collage size (seed §10.5: K = 9).
    public var collageSize = 9
    /// Located photos needed before the range for the new-place card to be trusted.
    public var newPlaceHistory = 20
    /// The clustering parameters.
    public var clusterer = PlaceClusterer()
    /// Zones and labels (the gazetteer); `nil` for none.
    public var lookup: (any PlaceLookup)?
    /// The device's zone, the last resort for local time.
    public var deviceZone: TimeZone

    /// Creates an engine.
    public init(lookup: (any PlaceLookup)?, deviceZone: TimeZone) {
        self.lookup = lookup
        self.deviceZone = deviceZone
    }

    /// The Wrapped of `assets` for the local days `range`, with `hidden` place ids hidden.
    ///
    /// - Parameter progress: called on the caller's task after each stage.
    public func run(
        _ assets: [PhotoAsset], range: ClosedRange<LocalDate>, hidden: Set<String> = [],
        progress: (WrappedProgress) -> Void = { _ in }
    ) -> WrappedResult {
        let resolver = LocalTimeResolver(lookup: lookup, deviceZone: deviceZone)
        var zones: [String: TimeZone] = [:]
        var inRange: [ResolvedPhoto] = []
        var before: [ResolvedPhoto] = []
        var undated = 0
        for asset in assets {
            guard let photo = resolver.resolve(asset, zones: &zones) else {
                undated += 1
                continue
            }
            if range.contains(photo.local.date) {
                inRange.append(photo)
            } else if photo.local.date < range.lowerBound, photo.asset.coordinate != nil {
                before.append(photo)
            }
        }
        inRange.sort { ($0.instant, $0.asset.id) < ($1.instant, $1.asset.id) }

        let stats = TimeStats(inRange)
        progress(.timeStats(stats))

        var places = clusterer.places(in: inRange, hidden: hidden)
        progress(.places(places))

        var labelled = 0
        for index in places.indices where !places[index].isHidden && labelled < labelledPlaces {
            places[index].label = lookup?.label(at: places[index].centroid)
            labelled += 1
        }
        progress(.labels(places))

        let visible = places.filter { !$0.isHidden }
        let hiddenAssets = Set(places.filter(\.isHidden).flatMap(\.assetIDs))
        let collage = Representatives.evenlySpaced(inRange.filter { !hiddenAssets.contains($0.asset.id) }, count: collageSize)
        var paths: [String: String] = [:]
        for photo in inRange { if let path = photo.asset.localPath { paths[photo.asset.id] = path } }
        let input = DeckBuilder.Input(
            from: range.lowerBound, to: range.upperBound, stats: stats, places: visible,
            newPlace: newPlace(among: visible, before: before),
            collage: collage.map { CardPhoto(assetID: $0.asset.id, path: $0.asset.localPath) }, paths: paths)
        let deck = DeckBuilder().deck(input)
        progress(.deck(deck))
        return WrappedResult(
            from: range.lowerBound, to: range.upperBound, stats: stats, places: places, deck: deck, undatedCount: undated,
            algorithmVersion: Self.algorithmVersion,
            assets: inRange.map { 
                AssetRef(id: $0.asset.id, creationTimeMilliseconds: Int64(($0.instant * 1_000).rounded()), timeSource: $0.source)
            })
    }

    /// The best-ranked of the top five places with no located photo before the range within its
    /// extent — only when the library has enough located history before the range to tell.
    func newPlace(among places: [PlaceCluster], before: [ResolvedPhoto]) -> PlaceCluster? {
        guard before.count >= newPlaceHistory else { return nil }
        return places.prefix(5).first { place in
            place.distinctDays >= 2
                && !before.contains { Haversine.distance(place.centroid, $0.asset.coordinate!) <= place.radius + clusterer.cellSize }
        }
    }
}
