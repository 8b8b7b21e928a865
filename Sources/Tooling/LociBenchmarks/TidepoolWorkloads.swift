import Foundation
import GeoKit
import HeatAggregation
import InterestCodebook
import SeededRandom
import TidepoolTokens

/// The Tidepool presence workloads behind `loci bench tidepool`, with the issue's targets:
/// epoch close for 1 000 000 reports over 100 000 tiles ≤ 1 s, token verification
/// ≥ 20 000 per second per core, heat for a 2 000-tile viewport ≤ 2 ms.
public enum TidepoolWorkloads {
    /// Sizes of a run.
    public struct Sizes: Sendable {
        /// Reports in the epoch-close workload.
        public var reports = 1_000_000
        /// Distinct base tiles they fall in.
        public var tiles = 100_000
        /// Tokens verified per round.
        public var tokens = 2_000
        /// Base tiles in the heat viewport.
        public var viewportTiles = 2_000
        /// Interest-vector dimension for the heat workload.
        public var dimension = 384
        /// Timing rounds.
        public var rounds = 5

        /// The issue's sizes.
        public static let full = Sizes()
        /// A small smoke run.
        public static let quick = Sizes(
            reports: 100_000, tiles: 10_000, tokens: 300, viewportTiles: 2_000, dimension: 384, rounds: 3)
    }

    /// Helsinki centre: the workloads' tiles lie around it.
    static let center = Coordinate(uncheckedLatitude: 60.1699, longitude: 24.9384)

    /// `count` distinct base tiles in a square block around ``center``.
    static func block(_ count: Int, tiler: GridTiler) -> [TileID] {
        let side = Int(Double(count).squareRoot().rounded(.up))
        let half = Double(side) * 150 / 2
        let box =
            (try? BoundingBox.around(center, radius: half))
            ?? BoundingBox(uncheckedSouth: 60, west: 24, north: 61, east: 26)
        let covered = (try? tiler.cover(box, level: 0, limit: 10_000_000)) ?? []
        return Array(covered.prefix(count))
    }

    /// Runs every workload and reports progress through `log`.
    public static func run(_ sizes: Sizes, seed: UInt64 = 42, log: (String) -> Void) throws
        -> [WorkloadResult]
    {
        [
            try epochClose(sizes, seed: seed, log: log), try tokenVerification(sizes, log: log),
            try heatRead(sizes, seed: seed, log: log),
        ]
    }

    /// Ingest of `reports` verified reports (Zipf-like over `tiles` tiles) and the epoch close.
    static func epochClose(_ sizes: Sizes, seed: UInt64, log: (String) -> Void) throws -> WorkloadResult {
        log("epoch close: \(sizes.reports) reports over \(sizes.tiles) tiles")
        let tiler = GridTiler.standard
        let tiles = block(sizes.tiles, tiler: tiler)
        var rng = SplitMix64(seed: seed)
        // Every tile gets at least one report; the rest follow a heavy tail (u² skew).
        let reports: [TileID] = (0..<sizes.reports).map { index in
            if index < tiles.count { return tiles[index] }
            let u = Double.random(in: 0..<1, using: &rng)
            return tiles[Int(u * u * Double(tiles.count))]
        }
        let configuration = HeatConfiguration.partitionSelection
        var samples: [Double] = []
        var random = SystemSecureRandom()
        for round in 0...sizes.rounds {
            var aggregator = try EpochAggregator(epoch: 1, configuration: configuration, tiler: tiler)
            let ns = try Stopwatch.nanoseconds {
                for tile in reports { try aggregator.add(tile: tile) }
                blackHole(aggregator.close(using: &random))
            }
            if round > 0 { samples.append(ns) }
        }
        return WorkloadResult(
            name: "tidepool-epoch-close",
            detail:
                "ingest + close, \(sizes.reports) reports over \(sizes.tiles) tiles, 3 levels, counts only",
            timing: TimingStatistics(samples: samples), targetNanoseconds: 1e9)
    }

    /// Verification (signature + spent-nonce insert) of fresh tokens.
    static func tokenVerification(_ sizes: Sizes, log: (String) -> Void) throws -> WorkloadResult {
        log("token verification: issuing \(sizes.tokens) tokens (RSA-2048, RSABSSA-SHA384-PSS)")
        let keyring = try EpochKeyring(currentEpoch: 7)
        let issuer = TokenIssuer(keyring: keyring, ledger: InMemoryIssuanceLedger())
        let client = TokenClient()
        let publicKey = try keyring.publicKeyDER(epoch: 7)
        let tile = GridTiler.standard.tile(for: center)
        var redemptions: [TokenRedemption] = []
        for index in 0..<sizes.tokens {
            let pending = try client.request(epoch: 7, publicKeyDER: publicKey)
            let blind = try issuer.issue(
                device: "bench-\(index)", epoch: 7, blindedMessage: pending.blindedMessage)
            redemptions.append(try client.finish(pending, blindSignature: blind).redemption(for: tile))
        }
        log("token verification: timing")
        var samples: [Double] = []
        for round in 0...sizes.rounds {
            let verifier = TokenVerifier(keyring: keyring, spent: InMemorySpentNonceStore())
            let ns = try Stopwatch.nanoseconds {
                for redemption in redemptions { try verifier.redeem(redemption) }
            }
            if round > 0 { samples.append(ns / Double(redemptions.count)) }
        }
        return WorkloadResult(
            name: "tidepool-token-verify",
            detail: "RSA-2048 blind-signature token: verify + spend, per token",
            timing: TimingStatistics(samples: samples), targetNanoseconds: 1e9 / 20_000)
    }

    /// A heat read of a viewport with `viewportTiles` released base tiles and 384-d vectors.
    static func heatRead(_ sizes: Sizes, seed: UInt64, log: (String) -> Void) throws -> WorkloadResult {
        log("heat read: \(sizes.viewportTiles)-tile viewport")
        let tiler = GridTiler.standard
        let side = Double(sizes.viewportTiles).squareRoot() * 150
        let viewport = try BoundingBox.around(center, radius: side / 2)
        let tiles = try tiler.cover(viewport, level: 0, limit: 100_000)
        var rng = SplitMix64(seed: seed)
        func unit() -> [Float] {
            var vector = (0..<sizes.dimension).map { _ in Float.random(in: -1...1, using: &rng) }
            let norm = vector.reduce(Float(0)) { $0 + $1 * $1 }.squareRoot()
            for index in vector.indices { vector[index] /= norm }
            return vector
        }
        // 24 facets over `dimension`-long centroids; each tile a noisy histogram over them.
        let codebook = try FacetCodebook(version: "benchmark-24", centroids: (0..<24).map { _ in unit() })
        var configuration = HeatConfiguration.recommended
        configuration.facetCount = codebook.count
        configuration.facetCodebookVersion = codebook.version
        let parameters = try configuration.publishedParameters()
        let released = tiles.map { tile in
            ReleasedTile(
                tile: tile, noisyCount: Int.random(in: 15...200, using: &rng),
                facets: (0..<codebook.count).map { _ in Int.random(in: -5...30, using: &rng) })
        }
        let release = HeatRelease(epoch: 3, parameters: parameters, tiles: released)
        let older = HeatRelease(epoch: 2, parameters: parameters, tiles: released)
        let viewer = unit()
        let reader = HeatReader(tiler: tiler, codebook: codebook)
        let at = release.endSeconds + 60
        var cells = 0
        let timing = Stopwatch.perCall(calls: 200) { _ in
            let result =
                (try? reader.heat(releases: [release, older], viewport: viewport, viewer: viewer, at: at))
                ?? []
            cells = result.count
            blackHole(result)
        }
        return WorkloadResult(
            name: "tidepool-heat-read",
            detail:
                "\(tiles.count)-tile viewport, \(cells) cells, 2 live releases, \(sizes.dimension)-d vectors",
            timing: timing, targetNanoseconds: 2e6)
    }
}

extension AnchorRunner {
    /// Runs `python3 SCRIPT --tokens N` (`scripts/bench-tidepool-anchor.py`: RSA-2048
    /// PSS-SHA384 verification with the `cryptography` package) and decodes its results.
    public static func runTidepool(script: String, tokens: Int) throws(AnchorError) -> [AnchorResult] {
        try run(script: script, arguments: ["--tokens", String(tokens)])
    }
}
