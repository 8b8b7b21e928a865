import Foundation
import GeoKit
import InterestCodebook
import LociTestSupport
import TidepoolClient
@testable import TidepoolFeature
import TidepoolKit
import TidepoolTestServer

/// Shared pieces of the Tidepool feature tests: a server that releases small tiles, a
/// three-facet codebook, registered clients, the server's clock as the models' clock.
enum Fixture {
    /// Three one-hot facets over 3-dimensional vectors: interest [1, 0, 0] is facet 0.
    static let codebook = try? FacetCodebook(version: "test-3", centroids: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

    /// Where the walking user lives (central Helsinki, away from the test places).
    static let home = Coordinate(uncheckedLatitude: 60.1650, longitude: 24.9200)

    /// A server whose releases show a tile of a handful of reports (large ε, k of 1), with the
    /// three-facet codebook.
    static func server(dailyEpochs: Int? = nil) async throws -> ClientTestServer {
        try await ClientTestServer.start {
            $0.epsilon = 30
            $0.delta = 0.01
            $0.kMin = 1
            $0.facetCodebook = codebook
            if let dailyEpochs { $0.dailyEpochs = dailyEpochs }
        }
    }

    /// A registered client of `server`.
    static func client(_ server: ClientTestServer) async throws -> TidepoolClient {
        let client = TidepoolClient(serverURL: server.baseURL, retry: RetryPolicy(maxAttempts: 1))
        try await client.register(attestation: "test-device", platform: .ios)
        return client
    }

    /// Accepted anonymous reports so far, counted by the server.
    static func accepted(_ server: ClientTestServer) async throws -> Int {
        server.ingestCounts()["accepted", default: 0]
    }

    /// Moves the server's clock to the planned moment of the model's token for the current epoch
    /// (when later than now) and wakes the model: the report goes out if a fix away from Home
    /// was seen in the epoch.
    @MainActor
    static func reportAtMoment(_ model: ReportingModel, _ server: ClientTestServer) async {
        let epoch = server.clock.now / ClientTestServer.epochSeconds
        if let token = model.wallet.tokens.first(where: { $0.epoch == epoch }) {
            server.clock.now = max(server.clock.now, Int64(token.moment.rounded(.up)))
        }
        await model.wake()
    }

    /// Every report the server answered so far, whatever the answer (accepted or refused).
    static func reportRequests(_ server: ClientTestServer) async throws -> Int {
        server.ingestCounts().values.reduce(0, +)
    }
}

/// The server's manual clock as the models' clock (so fixes, reports and epochs agree).
struct ServerClock: TidepoolClock {
    let clock: ManualClock

    func now() -> Double { Double(clock.now) }

    func sleep(seconds: Double) async throws { try await Task.sleep(for: .milliseconds(1)) }
}

extension Coordinate {
    /// The point `meters` due north of this one.
    func north(_ meters: Double) -> Coordinate {
        Coordinate(uncheckedLatitude: latitude + meters / 111_195, longitude: longitude)
    }
}
