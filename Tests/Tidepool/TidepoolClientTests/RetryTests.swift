import Foundation
import HTTPTypes
import OpenAPIRuntime
import Synchronization
import Testing

@testable import TidepoolClient

/// The retry middleware alone, against scripted answers: transient failures only, at most the
/// bound, the injected jitter and sleep.
@Suite("Tidepool client: bounded retries")
struct RetryTests {
    /// Answers `statuses` in turn (a nil throws a connection error), counting attempts.
    final class Script: Sendable {
        private let answers: Mutex<[Int?]>
        private let count = Mutex(0)
        init(_ answers: [Int?]) { self.answers = Mutex(answers) }
        var attempts: Int { count.withLock { $0 } }

        func next(_ request: HTTPRequest, _ body: HTTPBody?, _ url: URL) async throws -> (
            HTTPResponse, HTTPBody?
        ) {
            count.withLock { $0 += 1 }
            if let body { _ = try await Data(collecting: body, upTo: 1 << 16) }
            let status = answers.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
            guard let status else { throw URLError(.cannotConnectToHost) }
            var response = HTTPResponse(status: .init(code: status))
            if status == 429 { response.headerFields[.retryAfter] = "3" }
            return (response, nil)
        }
    }

    static func run(_ script: Script, policy: RetryPolicy) async throws -> Int {
        let middleware = RetryMiddleware(policy: policy)
        let (response, _) = try await middleware.intercept(
            HTTPRequest(method: .post, scheme: "http", authority: "x", path: "/v1/favourites"),
            body: HTTPBody("{}"), baseURL: URL(string: "http://x")!, operationID: "post/v1/favourites",
            next: script.next)
        return response.status.code
    }

    @Test("502, 503 and 504 are retried with jittered exponential backoff until one succeeds")
    func transientStatuses() async throws {
        let sleeps = RecordedSleeps()
        let script = Script([502, 503, 504])
        let status = try await Self.run(script, policy: .recorded(sleeps, attempts: 5, jitter: 0))
        #expect(status == 200)
        #expect(script.attempts == 4)
        // base 1 s doubling, jitter 0 → factor 0.5.
        #expect(sleeps.all == [0.5, 1, 2])
    }

    @Test("retries stop at the bound and the last answer is returned")
    func bound() async throws {
        let sleeps = RecordedSleeps()
        let script = Script([503, 503, 503, 503, 503])
        let status = try await Self.run(script, policy: .recorded(sleeps, attempts: 3, jitter: 0.999))
        #expect(status == 503)
        #expect(script.attempts == 3)
        #expect(sleeps.all.count == 2)
        #expect(sleeps.all.allSatisfy { $0 < 8 })
    }

    @Test("connection errors are retried up to the bound, then thrown")
    func connectionErrors() async throws {
        let sleeps = RecordedSleeps()
        let script = Script([nil, nil, nil, nil])
        await #expect(throws: URLError.self) {
            _ = try await Self.run(script, policy: .recorded(sleeps, attempts: 3))
        }
        #expect(script.attempts == 3)
        let recovering = Script([nil, 201])
        #expect(try await Self.run(recovering, policy: .recorded(RecordedSleeps(), attempts: 3)) == 201)
    }

    @Test("refusals (400, 401, 403, 404, 409) are never retried")
    func refusals() async throws {
        for status in [400, 401, 403, 404, 409, 413, 500] {
            let sleeps = RecordedSleeps()
            let script = Script([status])
            #expect(try await Self.run(script, policy: .recorded(sleeps, attempts: 5)) == status)
            #expect(script.attempts == 1, "status \(status)")
            #expect(sleeps.all.isEmpty)
        }
    }

    @Test("429 waits Retry-After; a Retry-After beyond the policy's maximum is returned at once")
    func retryAfter() async throws {
        let sleeps = RecordedSleeps()
        let script = Script([429])
        #expect(try await Self.run(script, policy: .recorded(sleeps)) == 200)
        #expect(sleeps.all == [3])
        var impatient = RetryPolicy.recorded(RecordedSleeps())
        impatient.maxRetryAfter = 2
        let refused = Script([429])
        #expect(try await Self.run(refused, policy: impatient) == 429)
        #expect(refused.attempts == 1)
    }

    @Test("a server that cannot be reached ends in a transport error after the bound")
    func unreachable() async throws {
        let sleeps = RecordedSleeps()
        // Port 9 (discard) on loopback: nothing listens, the connection is refused.
        let client = TidepoolClient.testing(
            URL(string: "http://127.0.0.1:9")!, retry: .recorded(sleeps, attempts: 3))
        do {
            _ = try await client.epoch()
            Issue.record("an unreachable server answered")
        } catch {
            #expect(error.isTransport)
            #expect(sleeps.all.count == 2)
        }
    }
}
