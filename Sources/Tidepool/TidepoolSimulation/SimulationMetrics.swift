import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook

/// Accumulates the utility measures over the epochs of a run.
struct SimulationMetrics {
    static let busyThresholds = [10, 15, 20, 30, 50]
    var reports = 0
    var refused = 0
    var rsaReports = 0
    /// (person, quarter hour) pairs spent away from Home (beyond the home guard's show radius).
    var awayQuarters = 0
    var reportedTiles: [Int] = []
    var releasedPerLevel: [[Int]] = []
    var closeSeconds: [Double] = []
    /// Per threshold: busy pairs, released at base, covered at any level.
    var busy = Array(repeating: (0, 0, 0), count: busyThresholds.count)
    /// Per level: errors and true counts of released tiles, and releases below k_min.
    var errors: [[Double]] = [[], [], []]
    var trueCounts: [[Double]] = [[], [], []]
    var belowKMin = [0, 0, 0]
    /// (intensity, true similarity, noisy cosine, true cosine) per viewer and released tile.
    var similarityPairs: [(intensity: Double, trueSimilarity: Double, noisyCosine: Double)] = []
    var viewers = 0

    mutating func record(release: HeatRelease, truth: EpochTruth, tiler: GridTiler, kMin: Int) {
        let levels = release.parameters.levels.count
        var perLevel = Array(repeating: 0, count: levels)
        var coveredBase = Set<TileID>()
        var releasedAncestors = Set<TileID>()
        for tile in release.tiles {
            perLevel[tile.tile.level] += 1
            releasedAncestors.insert(tile.tile)
            let actual = truth.aggregate(tile.tile, tiler: tiler).count
            if tile.tile.level < errors.count {
                errors[tile.tile.level].append(Double(tile.noisyCount - actual))
                trueCounts[tile.tile.level].append(Double(actual))
                if actual < kMin { belowKMin[tile.tile.level] += 1 }
            }
            if tile.tile.level == 0 { coveredBase.insert(tile.tile) }
        }
        releasedPerLevel.append(perLevel)
        for (base, count) in truth.counts {
            let covered = (0..<levels).contains { level in
                tiler.ancestor(of: base, level: level).map(releasedAncestors.contains) ?? false
            }
            for (position, threshold) in Self.busyThresholds.enumerated() where count >= threshold {
                busy[position].0 += 1
                if coveredBase.contains(base) { busy[position].1 += 1 }
                if covered { busy[position].2 += 1 }
            }
        }
    }

    mutating func recordSimilarity(
        release: HeatRelease, truth: EpochTruth, population: SyntheticPopulation, viewers count: Int,
        tiler: GridTiler, codebook: FacetCodebook?,
        using random: inout some RandomNumberGenerator
    ) {
        guard !release.tiles.isEmpty, count > 0 else { return }
        // The viewport: the released tiles' extent.
        var south = 90.0
        var north = -90.0
        var west = 180.0
        var east = -180.0
        var trueSums: [TileID: [Float]] = [:]
        for tile in release.tiles {
            guard let box = try? tiler.bounds(of: tile.tile) else { continue }
            south = min(south, box.south)
            north = max(north, box.north)
            west = min(west, box.west)
            east = max(east, box.east)
            var sum = truth.aggregate(tile.tile, tiler: tiler).sum
            SyntheticPopulation.normalise(&sum)
            trueSums[tile.tile] = sum
        }
        let viewport = BoundingBox(uncheckedSouth: south, west: west, north: north, east: east)
        let reader = HeatReader(tiler: tiler, codebook: codebook)
        for _ in 0..<count {
            let viewer = population.people[Int.random(in: 0..<population.people.count, using: &random)]
                .interest
            guard
                let cells = try? reader.heat(
                    releases: [release], viewport: viewport, viewer: viewer, at: release.endSeconds,
                    limit: 2_000_000)
            else { continue }
            viewers += 1
            for cell in cells {
                guard let sum = trueSums[cell.tile] else { continue }
                similarityPairs.append(
                    (cell.intensity, SyntheticPopulation.dot(viewer, sum), cell.similarity))
            }
        }
    }

    func report(
        users: Int, epochs: Int, places: Int, venues: Int, suppressedTiles: Int,
        cells: SimulationReport.CellCoverage, privacy: ReleaseParameters
    ) -> SimulationReport {
        let busyShares = Self.busyThresholds.enumerated().map { position, threshold in
            let (total, base, any) = busy[position]
            return SimulationReport.BusyShare(
                threshold: threshold, busyTiles: total,
                releasedAtBase: total > 0 ? Double(base) / Double(total) : 0,
                coveredAtAnyLevel: total > 0 ? Double(any) / Double(total) : 0)
        }
        let accuracy = errors.indices.map { level in
            let e = errors[level]
            let n = Double(max(1, e.count))
            return SimulationReport.LevelAccuracy(
                level: level, released: e.count, meanAbsoluteError: e.reduce(0) { $0 + abs($1) } / n,
                rootMeanSquareError: (e.reduce(0) { $0 + $1 * $1 } / n).squareRoot(),
                meanTrueCount: trueCounts[level].reduce(0, +) / n, releasedBelowKMin: belowKMin[level])
        }
        let truths = similarityPairs.map(\.trueSimilarity)
        let intensities = similarityPairs.map(\.intensity)
        let sortedTruth = truths.sorted()
        let quartile =
            sortedTruth.isEmpty
            ? (0.0, 0.0) : (sortedTruth[sortedTruth.count / 4], sortedTruth[3 * sortedTruth.count / 4])
        func mean(_ values: [Double]) -> Double {
            values.isEmpty ? 0 : values.reduce(0, +) / Double(values.count)
        }
        let similarity = SimulationReport.Similarity(
            viewers: viewers, pairs: similarityPairs.count,
            noisyVersusTrueCosine: Statistics.pearson(similarityPairs.map(\.noisyCosine), truths),
            intensityVersusTrueSimilarity: Statistics.spearman(intensities, truths),
            meanIntensityTopQuartile: mean(
                similarityPairs.filter { $0.trueSimilarity >= quartile.1 }.map(\.intensity)),
            meanIntensityBottomQuartile: mean(
                similarityPairs.filter { $0.trueSimilarity <= quartile.0 }.map(\.intensity)))
        let levels = releasedPerLevel.first?.count ?? 0
        let meanReleased = (0..<levels).map { level in
            Double(releasedPerLevel.reduce(0) { $0 + $1[level] }) / Double(max(1, releasedPerLevel.count))
        }
        return SimulationReport(
            users: users, epochs: epochs, places: places, venues: venues, suppressedTiles: suppressedTiles,
            reports: reports, rsaTokenReports: rsaReports,
            meanHoursAway: Double(awayQuarters) / 4 / Double(max(1, users)),
            meanReportedTilesPerEpoch: Double(reportedTiles.reduce(0, +))
                / Double(max(1, reportedTiles.count)),
            meanReleasedPerEpoch: meanReleased, busy: busyShares, accuracy: accuracy, similarity: similarity,
            cells: cells, privacy: privacy, meanCloseMilliseconds: mean(closeSeconds) * 1_000, wallSeconds: 0)
    }
}

/// Correlation measures.
enum Statistics {
    /// Pearson's correlation coefficient (0 for fewer than two points or zero variance).
    static func pearson(_ x: [Double], _ y: [Double]) -> Double {
        let n = Double(x.count)
        guard x.count == y.count, x.count > 1 else { return 0 }
        let mx = x.reduce(0, +) / n
        let my = y.reduce(0, +) / n
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for index in x.indices {
            let dx = x[index] - mx
            let dy = y[index] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        return sxx > 0 && syy > 0 ? sxy / (sxx * syy).squareRoot() : 0
    }

    /// Spearman's rank correlation (average ranks for ties).
    static func spearman(_ x: [Double], _ y: [Double]) -> Double {
        pearson(ranks(x), ranks(y))
    }

    /// Ranks with ties averaged.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for position in start...end { ranks[order[position]] = rank }
            start = end + 1
        }
        return ranks
    }
}
