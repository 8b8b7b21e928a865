import Foundation
import GeoKit
import TidepoolClient
import TidepoolTokens

/// Real, unspent ingest bodies for load tests: `loci tidepool tokens`.
extension ServerDriver {
    /// Ingest bodies minted against a running server, all for one epoch.
    public struct Redemptions: Sendable {
        /// The epoch every body is for.
        public var epoch: Int64
        /// Seconds left in that epoch when the last body was minted (from the server's
        /// `ends_at`), so a load run knows how long the bodies stay acceptable.
        public var secondsLeft: Int64?
        /// One JSON redemption body per device, each spendable once.
        public var bodies: [Data]
    }

    /// Registers `count` devices, gets each one blind token for the current epoch and spends
    /// none: the bodies report base tiles around the server's suggested places. `concurrency`
    /// requests run at once. Waits for the next epoch first when fewer than `minimumSeconds`
    /// remain in the current one.
    /// - Throws: ``SimulationError`` naming the request that failed, or the epoch rolling over
    ///   while minting.
    public func mintRedemptions(
        count: Int, concurrency: Int, minimumSeconds: Int64 = 0, log: @Sendable (String) -> Void
    ) async throws(SimulationError) -> Redemptions {
        guard (1...1_000_000).contains(count) else {
            throw .invalidOption(name: "count", reason: "must be in 1...1000000")
        }
        guard (1...256).contains(concurrency) else {
            throw .invalidOption(name: "concurrency", reason: "must be in 1...256")
        }
        let venues = try await suggestedTiles()
        let reader = client()
        var info = try await Self.server { () async throws(TidepoolClientError) in try await reader.epoch() }
        if let left = Self.secondsLeft(info), left < minimumSeconds {
            log("\(left) s left in epoch \(info.epoch); waiting for the next one")
            try? await Task.sleep(for: .seconds(Double(left) + 1))
            info = try await Self.server { () async throws(TidepoolClientError) in try await reader.epoch() }
        }
        let current = info
        let epoch = Int64(current.epoch)
        var bodies: [Data] = []
        bodies.reserveCapacity(count)
        var next = 0
        let result = await withTaskGroup(of: Result<Data, SimulationError>.self) { group in
            var failure: SimulationError?
            func add(_ index: Int) {
                let tile = venues[index % venues.count]
                group.addTask {
                    do throws(SimulationError) {
                        return .success(try await mintOne(epoch: current, tile: tile))
                    } catch { return .failure(error) }
                }
            }
            while next < min(concurrency, count) {
                add(next)
                next += 1
            }
            for await outcome in group {
                switch outcome {
                case .success(let body): bodies.append(body)
                case .failure(let error):
                    // No cancelAll: the requests in flight finish on their own (a cancelled
                    // URLSession request on Linux can leave its task waiting forever).
                    failure = failure ?? error
                    continue
                }
                if bodies.count % 10_000 == 0 { log("\(bodies.count) of \(count) tokens minted") }
                if next < count, failure == nil {
                    add(next)
                    next += 1
                }
            }
            if let failure { return Result<Void, SimulationError>.failure(failure) }
            return .success(())
        }
        if case .failure(let error) = result { throw error }
        let after = try await Self.server { () async throws(TidepoolClientError) in try await reader.epoch() }
        guard Int64(after.epoch) == epoch else {
            throw .component(
                name: "server",
                message:
                    "epoch \(epoch) ended while minting; start again early in an epoch or with a longer one")
        }
        return Redemptions(epoch: epoch, secondsLeft: Self.secondsLeft(after), bodies: bodies)
    }

    /// One device: register, get a token for `epoch`, return its unspent body for `tile`.
    func mintOne(epoch: TidepoolEpoch, tile: TileID) async throws(SimulationError) -> Data {
        let device = client()
        let token = try await Self.server { () async throws(TidepoolClientError) in
            try await device.register(attestation: "load", platform: .unknown)
            return try await device.presenceToken(for: epoch)
        }
        return token.redemption(for: tile).json()
    }

    /// Base tiles of the places the server suggests around the centre of its imported area.
    func suggestedTiles() async throws(SimulationError) -> [TileID] {
        try await suggestedVenues().venues.map { GridTiler.standard.tile(for: $0) }
    }

    /// The server's place bounds (south, west, north, east, from `/health`) and the places it
    /// suggests within 3 km of their centre.
    /// - Throws: ``SimulationError`` when `/health` has no bounds or nothing is suggested.
    func suggestedVenues() async throws(SimulationError) -> (bounds: [Double], venues: [Coordinate]) {
        let reader = client()
        let health = try await Self.server { () async throws(TidepoolClientError) in try await reader.health()
        }
        guard let bounds = health.places.bounds, bounds.count == 4 else {
            throw .component(name: "server", message: "/health has no place bounds")
        }
        let (latitude, longitude) = ((bounds[0] + bounds[2]) / 2, (bounds[1] + bounds[3]) / 2)
        let suggested = try await Self.server { () async throws(TidepoolClientError) in
            try await reader.suggestions(latitude: latitude, longitude: longitude, radius: 3000, limit: 50)
        }
        let venues = suggested.results.map { Coordinate(uncheckedLatitude: $0.lat, longitude: $0.lon) }
        guard !venues.isEmpty else { throw .tooFewPlaces(kind: "suggested", found: 0, needed: 1) }
        return (bounds, venues)
    }

    /// Seconds until `epoch` ends (from its `ends_at`).
    static func secondsLeft(_ epoch: TidepoolEpoch) -> Int64? {
        max(0, Int64(epoch.endsAt) - Int64(Date().timeIntervalSince1970))
    }
}
