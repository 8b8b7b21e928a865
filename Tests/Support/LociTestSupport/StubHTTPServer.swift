import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One request as the stub received it.
public struct StubRequest: Sendable {
    /// `GET`, `POST`, …
    public var method: String
    /// The request target: path and query, as sent (`/v1/places:searchText?x=1`).
    public var target: String
    /// Header fields with lower-cased names (the last value wins for repeated names).
    public var headers: [String: String]
    /// The body (`Content-Length` bytes; chunked bodies are not supported).
    public var body: Data

    /// The path without the query.
    public var path: String { String(target.split(separator: "?", maxSplits: 1).first ?? "") }

    /// Query items, percent-decoded (`+` is not treated as a space).
    public var query: [String: String] {
        guard let components = URLComponents(string: "http://stub" + target) else { return [:] }
        var result: [String: String] = [:]
        for item in components.queryItems ?? [] { result[item.name] = item.value ?? "" }
        return result
    }

    /// The body read as `application/x-www-form-urlencoded` (`+` is a space).
    public var form: [String: String] {
        let text = String(decoding: body, as: UTF8.self)
        var result: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map {
                String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0)
            }
            result[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        return result
    }
}

/// What the stub answers.
public struct StubResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON answer from a string (a recorded response, say).
    public static func json(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> StubResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        return StubResponse(status: status, headers: all, body: Data(text.utf8))
    }

    /// A JSON answer from the bytes of a file (a recorded response).
    public static func json(file: URL, status: Int = 200) throws -> StubResponse {
        StubResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: try Data(contentsOf: file))
    }
}

/// A real HTTP/1.1 server on loopback for contract tests of HTTP clients: it listens on
/// 127.0.0.1 on a free port, answers each request with `handler`, and records every request.
///
/// Deliberately small (one thread per connection, `Connection: close`, `Content-Length` bodies
/// only): it stands in for a remote API that cannot be called from tests (Spotify, Google,
/// FlightAware), serving recorded real responses.
public final class StubHTTPServer: Sendable {
    public typealias Handler = @Sendable (StubRequest) -> StubResponse

    /// The base URL, e.g. `http://127.0.0.1:40123`.
    public let baseURL: URL
    /// The port the server listens on.
    public let port: Int

    private let listener: Int32
    private let handler: Handler
    /// The requests received so far, and whether ``stop()`` was called.
    private let state = Mutex<(recorded: [StubRequest], stopped: Bool)>(([], false))
    private let acceptDone = DispatchSemaphore(value: 0)

    /// Starts listening at once; call `stop()` when done (also done on deinit).
    public init(handler: @escaping Handler) throws {
        self.handler = handler
        #if canImport(Glibc)
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw StubServerError.socket("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw StubServerError.socket("bind/listen on 127.0.0.1 failed: errno \(errno)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: actual.sin_port))
        baseURL = URL(string: "http://127.0.0.1:\(port)")!
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        stop()
        close(listener)
    }

    /// Every request received so far, in arrival order.
    public var requests: [StubRequest] {
        state.withLock { $0.recorded }
    }

    /// Stops accepting connections and waits for the accept loop to end. The port stays bound
    /// (connections to it are refused) until the server is released, so a test that stops a
    /// server to reach "nothing listening" does not find another test's new server there.
    public func stop() {
        let wasStopped = state.withLock { state in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        // Shut the socket down and wait for the accept loop to see it; the descriptor is freed
        // only in deinit. Closed before the loop ended, its number could be reused by another
        // test's new listener before the loop's next accept(), which would then serve that
        // server's requests with this server's handler (seen in CI as one test's request
        // answered by another's stub); closed at stop, the port could be taken by another
        // test's new server while this test still expects a refusal there (also seen).
        shutdown(listener, Int32(SHUT_RDWR))
        acceptDone.wait()
    }

    private func acceptLoop() {
        defer { acceptDone.signal() }
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(client) else {
            write(client, StubResponse(status: 400, body: Data("bad request".utf8)))
            return
        }
        state.withLock { $0.recorded.append(request) }
        write(client, handler(request))
    }

    private func readRequest(_ client: Int32) -> StubRequest? {
        var buffer = Data()
        var chunk = [UInt8](repeating: 0, count: 16_384)
        let separator = Data("\r\n\r\n".utf8)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil {
            let n = recv(client, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            buffer.append(contentsOf: chunk[0..<n])
            headerEnd = buffer.range(of: separator)
            if buffer.count > 1 << 20 { return nil }
        }
        let head = String(decoding: buffer[..<headerEnd!.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst().split(separator: " ")
        guard requestLine.count >= 2 else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            headers[name] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        var body = Data(buffer[headerEnd!.upperBound...])
        let expected = Int(headers["content-length"] ?? "0") ?? 0
        guard expected <= 64 << 20 else { return nil }
        while body.count < expected {
            let n = recv(client, &chunk, chunk.count, 0)
            guard n > 0 else { return nil }
            body.append(contentsOf: chunk[0..<n])
        }
        return StubRequest(method: String(requestLine[0]), target: String(requestLine[1]), headers: headers, body: body)
    }

    private func write(_ client: Int32, _ response: StubResponse) {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(response.body.count)
        headers["Connection"] = "close"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        var bytes = Data(head.utf8)
        bytes.append(response.body)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(client, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return }
                offset += n
            }
        }
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 204: "No Content"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// The stub could not start.
public enum StubServerError: Error, CustomStringConvertible {
    case socket(String)

    public var description: String {
        switch self {
        case .socket(let message): "stub HTTP server: \(message)"
        }
    }
}
