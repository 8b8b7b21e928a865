import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import LociServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A loopback HTTP proxy in front of a test server: it records what each request carried as the
/// server receives it (method, path, Authorization, Cookie), forwards it, and sets a cookie on
/// every answer, so a client that kept or sent cookies would show it here.
final class RecordingProxy: Sendable {
    /// One request as it arrived.
    struct Seen: Sendable {
        var method: String
        var path: String
        var authorization: String?
        var cookie: String?
    }

    /// The requests seen, shared with the route.
    final class SeenLog: Sendable {
        let entries = Mutex<[Seen]>([])
    }

    let baseURL: URL
    private let log: SeenLog
    private let task: Task<Void, any Error>

    /// The requests seen so far, in order.
    var seen: [Seen] { log.entries.withLock { $0 } }

    private init(baseURL: URL, log: SeenLog, task: Task<Void, any Error>) {
        self.baseURL = baseURL
        self.log = log
        self.task = task
    }

    deinit { task.cancel() }

    /// Stops the proxy.
    func stop() { task.cancel() }

    /// Starts a proxy to `target`.
    static func start(forwardingTo target: URL) async throws -> RecordingProxy {
        let log = SeenLog()
        let forwarder = URLSession(configuration: .ephemeral)
        let router = Router()
        for method in [HTTPRequest.Method.get, .post, .put, .delete] {
            router.on("**", method: method) { request, _ -> Response in
                var request = request
                let body = try await request.collectBody(upTo: 1 << 20)
                log.entries.withLock {
                    $0.append(
                        Seen(
                            method: request.method.rawValue, path: request.uri.path,
                            authorization: request.headers[.authorization], cookie: request.headers[.cookie]))
                }
                guard let url = URL(string: target.absoluteString + request.uri.description) else {
                    return Response(status: .badGateway)
                }
                var forwarded = URLRequest(url: url)
                forwarded.httpMethod = request.method.rawValue
                forwarded.httpShouldHandleCookies = false
                for field in request.headers where !["host", "content-length"].contains(field.name.canonicalName) {
                    forwarded.addValue(field.value, forHTTPHeaderField: field.name.rawName)
                }
                if body.readableBytes > 0 { forwarded.httpBody = Data(buffer: body) }
                let (data, answer) = try await forwarder.data(for: forwarded)
                guard let http = answer as? HTTPURLResponse else { return Response(status: .badGateway) }
                var headers: HTTPFields = [:]
                for name in ["Content-Type", "Retry-After"] {
                    if let value = http.value(forHTTPHeaderField: name), let field = HTTPField.Name(name) {
                        headers[field] = value
                    }
                }
                headers[.setCookie] = "tracker=proxy; Path=/"
                return Response(
                    status: .init(code: http.statusCode), headers: headers,
                    body: .init(byteBuffer: ByteBuffer(bytes: data)))
            }
        }
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: Logger(label: "recording-proxy") { _ in SwiftLogNoOpLogHandler() })
        // On the test servers' own threads, like the server it stands before (`LoopbackServer.run`).
        let task = Task(executorPreference: BlockingWorkExecutor.shared) { try await app.runService(gracefulShutdownSignals: []) }
        var port = 0
        for await bound in ports {
            port = bound
            break
        }
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw URLError(.badURL) }
        return RecordingProxy(baseURL: url, log: log, task: task)
    }
}
