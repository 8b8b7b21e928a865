import GeoKit
import HeatAggregation
import InterestKit
import PlaceKit

/// Personalised order of place results: `0.6 · plain score (text, proximity, popularity)
/// + 0.25 · interest alignment + 0.15 · heat`, where interest alignment is the model's heat
/// weight of the cosine of the viewer's vector with the place's (0…1) and heat is the released intensity of the
/// place's base tile (normalised by the cap). When neither heat nor interest has data for any
/// candidate, the plain order is kept and ``fallbackReason`` says why.
///
/// - Complexity: O(c + r) for c candidates and r released tiles, plus one heat read over the
///   part of the candidates' box that released tiles touch.
public struct PersonalRanking: Sendable {
    /// One candidate with its personalised score and the parts it was made of.
    public struct Result: Sendable {
        /// The candidate as the plain ranking scored it.
        public var ranked: RankedPlace
        /// The personalised score (the plain score when nothing personalised the order).
        public var score: Double
        /// The released heat of the place's tile or its nearest released ancestor, 0…1.
        public var heat: Double
        /// The interest alignment with the viewer, 0…1 (0 without a viewer or place vector).
        public var interest: Double
        /// Why it ranks where it does (nil when nothing personal explains it, and always nil
        /// when the order is not personalised).
        public var reason: RankingReason?
        /// The cosine of the viewer with the heat of the place's tile (0 without heat or a viewer).
        var heatSimilarity: Double = 0
    }

    /// Every candidate in the plain order.
    public let results: [Result]
    /// True when heat or interest data changed the scores.
    public let isPersonalised: Bool
    /// Why the plain order was kept (nil when personalised).
    public let fallbackReason: String?

    /// Scores `candidates` for `viewer` (an empty vector for an anonymous viewer) with the
    /// releases live at `now`; `viewerTags` (the weighted tags the viewer's vector was made of)
    /// let each result say which interest it matches (see ``reason(for:viewerTags:model:)``).
    public init(
        candidates: [RankedPlace], viewer: [Float], viewerTags: [WeightedTag] = [],
        interest model: any InterestEmbedding, releases: [HeatRelease], reader: HeatReader, now: Int64
    ) {
        let tiler = reader.tiler
        var heatByTile: [TileID: (intensity: Double, similarity: Double)] = [:]
        if !releases.isEmpty, !candidates.isEmpty {
            var south = 90.0
            var west = 180.0
            var north = -90.0
            var east = -180.0
            for candidate in candidates {
                south = min(south, candidate.place.coordinate.latitude)
                north = max(north, candidate.place.coordinate.latitude)
                west = min(west, candidate.place.coordinate.longitude)
                east = max(east, candidate.place.coordinate.longitude)
            }
            // Heat exists only on released tiles: read it over the part of the candidates' box
            // that released tiles touch, not over the whole box (a city-wide box is thousands
            // of base tiles to cover).
            var released = (south: 90.0, west: 180.0, north: -90.0, east: -180.0)
            for release in releases {
                for tile in release.tiles {
                    guard let bounds = try? tiler.bounds(of: tile.tile) else { continue }
                    released.south = min(released.south, bounds.south)
                    released.west = min(released.west, bounds.west)
                    released.north = max(released.north, bounds.north)
                    released.east = max(released.east, bounds.east)
                }
            }
            south = max(south, released.south)
            west = max(west, released.west)
            north = min(north, released.north)
            east = min(east, released.east)
            if south <= north, west <= east {
                let box = BoundingBox(uncheckedSouth: south, west: west, north: north, east: east)
                let cells =
                    (try? reader.heat(
                        releases: releases, viewport: box, viewer: viewer, at: now, limit: 200_000))
                    ?? []
                for cell in cells where cell.intensity > heatByTile[cell.tile]?.intensity ?? -1 {
                    heatByTile[cell.tile] = (cell.intensity, cell.similarity)
                }
            }
        }
        var anyHeat = false
        var anyInterest = false
        var results: [Result] = []
        for candidate in candidates {
            var heat = 0.0
            var heatSimilarity = 0.0
            var tile: TileID? = tiler.tile(for: candidate.place.coordinate)
            while let current = tile {
                if let value = heatByTile[current], value.intensity / reader.model.maxAlpha > heat {
                    heat = value.intensity / reader.model.maxAlpha
                    heatSimilarity = value.similarity
                }
                tile = tiler.parent(of: current)
            }
            var alignment = 0.0
            if !viewer.isEmpty, let vector = model.vector(for: candidate.place), vector.count == viewer.count
            {
                alignment = model.alignment(cosine: Self.cosine(viewer, vector))
                anyInterest = true
            }
            if heat > 0 { anyHeat = true }
            results.append(
                Result(
                    ranked: candidate, score: candidate.score, heat: heat, interest: alignment, reason: nil,
                    heatSimilarity: viewer.isEmpty ? 0 : heatSimilarity))
        }
        if anyHeat || anyInterest {
            for index in results.indices {
                results[index].score =
                    0.6 * results[index].ranked.score + 0.25 * results[index].interest + 0.15
                    * results[index].heat
                results[index].reason = Self.reason(for: results[index], viewerTags: viewerTags, model: model)
            }
            isPersonalised = true
            fallbackReason = nil
        } else {
            isPersonalised = false
            fallbackReason =
                viewer.isEmpty
                ? "no interest profile and no released heat here"
                : "no released heat here and no place vectors"
        }
        self.results = results
    }

    /// Results best first (stable: ties keep the plain order).
    public func ranked() -> [Result] {
        guard isPersonalised else { return results }
        return results.enumerated().sorted { ($0.element.score, -$0.offset) > ($1.element.score, -$1.offset) }
            .map(\.element)
    }

    /// The cosine of two vectors of equal length, 0 when either is zero.
    static func cosine(_ a: [Float], _ b: [Float]) -> Double {
        var dot = 0.0
        var na = 0.0
        var nb = 0.0
        for index in a.indices {
            dot += Double(a[index]) * Double(b[index])
            na += Double(a[index]) * Double(a[index])
            nb += Double(b[index]) * Double(b[index])
        }
        guard na > 0, nb > 0 else { return 0 }
        return dot / (na * nb).squareRoot()
    }
}
