import Foundation
import HTTPTypes
import OpenAPIRuntime
import OpenAPIURLSession
import Synchronization

@testable import TidepoolClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that can be taken offline: then every request fails as a lost connection does.
/// In `answerLost` mode the next request reaches the server but its answer is lost.
final class SwitchTransport: ClientTransport {
    enum Mode: Sendable { case online, offline, answerLost }
    private let inner: URLSessionTransport
    private let state = Mutex(Mode.online)
    /// Requests that reached the server, by operation id.
    private let sent = Mutex<[String]>([])

    init() {
        inner = URLSessionTransport(configuration: .init(session: URLSession(configuration: .ephemeral)))
    }

    var mode: Mode {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    var operations: [String] { sent.withLock { $0 } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?)
    {
        let mode = state.withLock { mode in
            let current = mode
            if current == .answerLost { mode = .online }
            return current
        }
        if mode == .offline { throw URLError(.notConnectedToInternet) }
        sent.withLock { $0.append(operationID) }
        let answer = try await inner.send(request, body: body, baseURL: baseURL, operationID: operationID)
        if mode == .answerLost { throw URLError(.networkConnectionLost) }
        return answer
    }
}

/// Sleeps that only record how long they were asked to wait.
final class RecordedSleeps: Sendable {
    private let waits = Mutex<[Double]>([])
    var all: [Double] { waits.withLock { $0 } }
    func sleep(_ seconds: Double) { waits.withLock { $0.append(seconds) } }
}

extension RetryPolicy {
    /// `attempts` attempts, jitter fixed at `jitter`, sleeps recorded in `sleeps` (no waiting).
    static func recorded(_ sleeps: RecordedSleeps, attempts: Int = 3, jitter: Double = 0.5) -> RetryPolicy {
        RetryPolicy(maxAttempts: attempts, baseDelay: 1, maxDelay: 8, maxRetryAfter: 30, jitter: { jitter }) {
            sleeps.sleep($0)
        }
    }
}

extension TidepoolClient {
    /// A client whose calls go through `proxy` (or straight to `server`), on its own sessions.
    static func testing(
        _ url: URL, credentials: any CredentialStore = InMemoryCredentialStore(),
        retry: RetryPolicy = .recorded(RecordedSleeps())
    ) -> TidepoolClient {
        TidepoolClient(serverURL: url, credentials: credentials, retry: retry)
    }
}
