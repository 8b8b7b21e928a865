import Foundation
import GeoKit
import LociTestSupport
import Synchronization
import Testing

@testable import GooglePlaces

/// The converted v1 fixtures (scripts/convert-google-places-fixtures.py) and helpers shared by the suites.
enum GoogleFixtures {
    static func url(_ name: String) -> URL {
        Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)
            ?? Bundle.module.bundleURL.appendingPathComponent("Fixtures/\(name)")
    }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// Google's error body for an HTTP status.
    static func error(_ code: Int, _ status: String, _ message: String) -> StubResponse {
        .json(
            #"{"error": {"code": \#(code), "message": "\#(message)", "status": "\#(status)"}}"#, status: code)
    }

    /// A client on the stub with the key `test-key`, no real waiting, and jitter fixed at 1.
    static func client(
        _ server: StubHTTPServer, retry: RetryPolicy = .standard, sleeps: SleepLog = SleepLog()
    ) throws -> GooglePlacesClient {
        let configuration = try GooglePlacesConfiguration(
            apiKey: "test-key", baseURL: server.baseURL, retry: retry)
        return GooglePlacesClient(
            configuration: configuration, sleep: { sleeps.record($0) }, unitRandom: { 1 })
    }

    /// A provider whose session tokens are `token-1`, `token-2`, …
    static func provider(_ server: StubHTTPServer, sleeps: SleepLog = SleepLog()) throws
        -> GooglePlacesProvider
    {
        let counter = Counter()
        return GooglePlacesProvider(
            client: try client(server, sleeps: sleeps), makeSessionToken: { "token-\(counter.next())" })
    }

    /// The JSON object a request sent.
    static func body(_ request: StubRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: request.body) as? [String: Any])
    }
}

/// Records the waits the client asked for instead of waiting.
final class SleepLog: Sendable {
    private let waits = Mutex<[Double]>([])
    func record(_ seconds: Double) { waits.withLock { $0.append(seconds) } }
    var all: [Double] { waits.withLock { $0 } }
}

/// A thread-safe counter from 1.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }
}
