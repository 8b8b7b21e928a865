import Foundation
import Hummingbird
import LociServer
import Synchronization

/// `loci serve`'s application answered in process, through its router and without a socket
/// (``InProcessApplication``): what the server tests about routes talk to. Each request comes
/// from `127.0.0.1`, as over loopback, so the per-client limits apply as they do there.
///
/// What needs a connection — framing, keep-alive, pipelining, the listener, shutdown, the
/// request deadline's timing, a real client or browser — runs on ``LoopbackServer``.
public struct InProcessServer: Sendable {
    /// One answer.
    public struct Answer: Sendable {
        /// The status code.
        public var status: Int
        /// The headers, names lower-cased (a repeated one's values joined by `, `).
        public var headers: [String: String]
        /// The body.
        public var body: Data
    }

    /// A method Hummingbird cannot represent, or a request target that is not a path.
    public struct BadRequest: Error, CustomStringConvertible {
        /// What was refused.
        public var description: String
    }

    private let application: InProcessApplication
    private let clientAddress: String

    /// The application over `services`, answering requests from `clientAddress`.
    public init(_ services: ServerServices, clientAddress: String = "127.0.0.1") {
        application = InProcessApplication(services)
        self.clientAddress = clientAddress
    }

    /// The metrics listener's application over `services` (`GET /metrics` only).
    public init(metricsOf services: ServerServices) {
        application = InProcessApplication(metricsOf: services)
        clientAddress = "127.0.0.1"
    }

    /// Sends one request: `target` is the path and query as sent on the request line, `body`
    /// (with its `Content-Length`) is sent as is.
    public func send(
        _ method: String, _ target: String, contentType: String? = nil, authorization: String? = nil,
        body: Data? = nil
    ) async throws -> Answer {
        guard let method = HTTPRequest.Method(method) else { throw BadRequest(description: "method \(method)") }
        guard target.hasPrefix("/") else { throw BadRequest(description: "target \(target) is not a path") }
        var fields = HTTPFields()
        if let contentType { fields[.contentType] = contentType }
        if let authorization { fields[.authorization] = authorization }
        if let body { fields[.contentLength] = String(body.count) }
        let request = Request(
            head: HTTPRequest(
                method: method, scheme: "http", authority: "127.0.0.1", path: target, headerFields: fields),
            body: RequestBody(buffer: ByteBuffer(bytes: body ?? Data())))
        let response = await application.respond(to: request, clientAddress: clientAddress)
        var headers: [String: String] = [:]
        for field in response.headers {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { "\($0), \(field.value)" } ?? field.value
        }
        let collected = CollectedBody()
        try await response.body.write(collected.writer)
        return Answer(status: response.status.code, headers: headers, body: collected.data)
    }
}

/// A response body written to memory.
private final class CollectedBody: Sendable {
    private let bytes = Mutex(Data())

    var data: Data { bytes.withLock { $0 } }

    var writer: Writer { Writer(body: self) }

    struct Writer: ResponseBodyWriter {
        let body: CollectedBody

        mutating func write(_ buffer: ByteBuffer) async throws {
            body.bytes.withLock { $0.append(contentsOf: buffer.readableBytesView) }
        }

        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }
}
