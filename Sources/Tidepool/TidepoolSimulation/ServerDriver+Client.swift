import Foundation
import GeoKit
import TidepoolClient

extension ServerDriver {
    /// A new simulated device's client (no session yet), on the driver's shared URLSessions.
    /// Transient failures are retried twice, quickly, with the system's jitter.
    func client() -> TidepoolClient {
        TidepoolClient(
            serverURL: server, retry: RetryPolicy(maxAttempts: 3, baseDelay: 0.2, maxDelay: 2),
            sessions: sessions)
    }

    /// Runs a client call, its failure as the `server` component's.
    @discardableResult
    static func server<T>(_ call: () async throws(TidepoolClientError) -> T) async throws(SimulationError)
        -> T
    {
        do { return try await call() } catch { throw component(error) }
    }

    /// A client failure as a simulation error.
    static func component(_ error: TidepoolClientError) -> SimulationError {
        .component(name: "server", message: error.description)
    }

    /// A point 0–40 m from `place` in a random direction.
    static func jitter(_ place: Coordinate, using random: inout some RandomNumberGenerator) -> Coordinate {
        let distance = Double.random(in: 0...40, using: &random)
        let bearing = Double.random(in: 0..<(2 * Double.pi), using: &random)
        let north = distance * cos(bearing) / 111_320
        let east = distance * sin(bearing) / (111_320 * cos(place.latitude * Double.pi / 180))
        return Coordinate(uncheckedLatitude: place.latitude + north, longitude: place.longitude + east)
    }
}
