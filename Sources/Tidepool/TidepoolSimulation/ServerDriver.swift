import Foundation
import GeoKit
import HeatAggregation
import TidepoolClient
import TidepoolTokens

/// `loci tidepool simulate --server URL`: simulated devices driving a real `loci serve` through
/// the device client (`TidepoolClient`, one per device, sharing its URLSessions). Each device
/// registers, and in every epoch gets one blind token and reports the base tile of a venue
/// through the app's reporting protocol (`PresenceReportSender`), the venue chosen by a Zipf
/// popularity among the server's suggested places (jittered 0–40 m); after the last epoch
/// closes it reads the heat the server releases.
public struct ServerDriver: Sendable {
    /// What the run did.
    public struct Report: Sendable, Codable, Equatable {
        /// Devices registered.
        public var devices = 0
        /// Venues reports went to.
        public var venues = 0
        /// Epochs driven.
        public var epochs = 0
        /// Tokens issued.
        public var tokens = 0
        /// Reports answered 202.
        public var accepted = 0
        /// Reports refused (any other status).
        public var refused = 0
        /// Released tiles the server's heat read returned after the run (0 before any close).
        public var heatTiles = 0
    }

    /// The server.
    public let server: URL
    /// Simulated devices.
    public let users: Int
    /// Epochs to report in (the driver waits for each new epoch).
    public let epochs: Int
    /// Seed of venue choice and jitter.
    public let seed: UInt64
    /// The URLSessions every simulated device's client shares.
    let sessions = TidepoolSessions()

    /// Creates a driver.
    public init(server: URL, users: Int, epochs: Int, seed: UInt64) {
        self.server = server
        self.users = users
        self.epochs = epochs
        self.seed = seed
    }

    /// Runs the devices; `log` gets progress lines.
    /// - Throws: ``SimulationError`` naming the request that failed.
    public func run(log: @Sendable (String) -> Void) async throws(SimulationError) -> Report {
        guard (1...100_000).contains(users) else {
            throw .invalidOption(name: "users", reason: "must be in 1...100000")
        }
        guard (1...96).contains(epochs) else {
            throw .invalidOption(name: "epochs", reason: "must be in 1...96")
        }
        var report = Report()
        let (bounds, venues) = try await suggestedVenues()
        report.venues = venues.count
        var devices: [TidepoolClient] = []
        for _ in 0..<users {
            let device = client()
            try await Self.server { () async throws(TidepoolClientError) in
                try await device.register(attestation: "simulated", platform: .unknown)
            }
            devices.append(device)
        }
        report.devices = devices.count
        log("\(devices.count) devices registered; \(venues.count) venues")
        // Zipf(1.1) popularity: venue i has weight 1 / (i + 1)^1.1.
        let weights = venues.indices.map { 1 / pow(Double($0 + 1), 1.1) }
        let total = weights.reduce(0, +)
        var random = SeededSecureRandom(seed: seed)
        let reader = client()
        // A server with a facet codebook takes one facet per report: each venue's visitors name
        // one facet (venue i → facet i mod the codebook's size), so released tiles carry a mix.
        let facetCount = try await Self.server { () async throws(TidepoolClientError) in
            try await reader.privacy()
        }.accountingSteps?.facetCount ?? 0
        var lastEpoch = Int64.min
        for round in 0..<epochs {
            var epochInfo = try await Self.server { () async throws(TidepoolClientError) in
                try await reader.epoch()
            }
            while Int64(epochInfo.epoch) <= lastEpoch {
                try? await Task.sleep(for: .seconds(1))
                epochInfo = try await Self.server { () async throws(TidepoolClientError) in
                    try await reader.epoch()
                }
            }
            let epoch = Int64(epochInfo.epoch)
            lastEpoch = epoch
            for device in devices {
                var pick = Double.random(in: 0..<total, using: &random)
                var venue = venues.count - 1
                for (index, weight) in weights.enumerated() {
                    pick -= weight
                    if pick < 0 {
                        venue = index
                        break
                    }
                }
                let here = Self.jitter(venues[venue], using: &random)
                let tile = GridTiler.standard.tile(for: here)
                // The epoch may end mid-round: issuance then refuses it; the round ends there.
                do throws(PresenceReportSender.Failure) {
                    try await PresenceReportSender(client: device).send(
                        tile: tile, facet: facetCount > 0 ? venue % facetCount : nil, in: epochInfo)
                    report.tokens += 1
                    report.accepted += 1
                } catch let failure where failure.step == .token {
                    report.refused += 1
                    break
                } catch let failure where failure.error.isTransport {
                    report.tokens += 1
                    throw Self.component(failure.error)
                } catch {
                    report.tokens += 1
                    report.refused += 1
                }
            }
            report.epochs += 1
            log("epoch \(epoch) (round \(round + 1) of \(epochs)): \(report.accepted) accepted so far")
        }
        // Wait for the last epoch to close (its end plus the close delay), then read heat.
        while true {
            let privacy = try await Self.server { () async throws(TidepoolClientError) in
                try await reader.privacy()
            }
            if privacy.liveReleases.contains(Int(lastEpoch)) { break }
            try? await Task.sleep(for: .seconds(1))
        }
        let heat = try await Self.server { () async throws(TidepoolClientError) in
            try await reader.heat(
                south: bounds[0] - 0.01, west: bounds[1] - 0.01, north: bounds[2] + 0.01,
                east: bounds[3] + 0.01)
        }
        report.heatTiles = heat.tiles.count
        return report
    }
}
