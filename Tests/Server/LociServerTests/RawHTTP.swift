import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Requests written to a plain socket and answers read off it, so that a test sends exactly the
/// bytes it means (no client-added headers, pipelining, requests cut in pieces).
enum RawHTTP {
    /// One answer read off a socket.
    struct RawAnswer: Equatable {
        var status: Int
        /// Header names lower-cased.
        var headers: [String: String]
        var body: String
    }

    /// An ingest request with `body`.
    static func ingest(_ body: Data, headers: String = "") -> Data {
        var request = Data(
            "POST /v1/tidepool/presence HTTP/1.1\r\nHost: loci\r\nContent-Type: application/json\r\n\(headers)Content-Length: \(body.count)\r\n\r\n"
                .utf8)
        request.append(body)
        return request
    }

    /// `GET /health`.
    static let health = Data("GET /health HTTP/1.1\r\nHost: loci\r\n\r\n".utf8)

    /// Sends `bytes` on one new connection and reads `count` answers (Content-Length bodies).
    static func exchange(_ server: TestServer, _ bytes: Data, answers count: Int) async throws -> [RawAnswer] {
        let connection = try RawConnection(port: try #require(server.baseURL.port))
        try connection.send(bytes)
        return try await connection.read(answers: count)
    }

    /// The connection ended (or went ``silenceSeconds`` without a byte) before the answers expected.
    struct ConnectionEnded: Error, CustomStringConvertible {
        var answered: Int
        var expected: Int
        /// How: "closed by the server", "reset", or "silent for 30 s" (with the errno otherwise).
        var how: String = "closed by the server"
        var description: String { "connection ended after \(answered) of \(expected) answers: \(how)" }
    }

    /// How long a read waits for a byte. Generous: a full parallel run on two cores has starved
    /// a whole test process for over 10 s, and a test waiting here only fails later, never passes
    /// wrongly.
    static let silenceSeconds = 30

    /// One HTTP/1.1 connection on a plain socket: what is written is exactly what is sent.
    ///
    /// Reads block a Dispatch worker, never a thread of the cooperative pool: the server under
    /// test answers on that pool, and a test blocked in `recv` there could starve it.
    final class RawConnection: Sendable {
        private let fd: Int32
        /// Bytes read but not yet parsed into answers.
        private let buffer = Mutex(Data())

        init(port: Int) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            var timeout = timeval(tv_sec: RawHTTP.silenceSeconds, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0, "connect failed: errno \(errno)")
        }

        deinit { close(fd) }

        func send(_ bytes: Data) throws {
            let sent = bytes.withUnsafeBytes { rawSend(fd, $0.baseAddress, $0.count) }
            try #require(sent == bytes.count)
        }

        /// Sends `bytes`; false when the server has closed or reset the connection (no test issue:
        /// for a client that keeps sending after the server gave up).
        func sendIfOpen(_ bytes: Data) -> Bool {
            bytes.withUnsafeBytes { rawSend(fd, $0.baseAddress, $0.count) } == bytes.count
        }

        /// Reads `count` answers.
        /// - Throws: ``ConnectionEnded`` when the server closes or stays silent for ``silenceSeconds`` first.
        func read(answers count: Int) async throws -> [RawAnswer] {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result { try self.readBlocking(answers: count) })
                }
            }
        }

        /// Whether the server has closed the connection (the next read finds its end).
        func ended() async -> Bool {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    var byte: UInt8 = 0
                    continuation.resume(returning: recv(self.fd, &byte, 1, 0) == 0)
                }
            }
        }

        /// Whether the server closes the connection or resets it (a reset is how a close with
        /// unread input ends) after at most `limit` more bytes; false when more arrive or ``silenceSeconds``
        /// pass without a byte.
        func closesOrResets(within limit: Int = 4_096) async -> Bool {
            await withCheckedContinuation { continuation in
                DispatchQueue.global().async {
                    var chunk = [UInt8](repeating: 0, count: 1_024)
                    var total = 0
                    while total <= limit {
                        let read = recv(self.fd, &chunk, chunk.count, 0)
                        if read == 0 || (read < 0 && errno == ECONNRESET) {
                            continuation.resume(returning: true)
                            return
                        }
                        if read < 0 { break }
                        total += read
                    }
                    continuation.resume(returning: false)
                }
            }
        }

        /// Reads `count` answers on the calling thread (blocking it).
        func readBlocking(answers count: Int) throws -> [RawAnswer] {
            var answers: [RawAnswer] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while answers.count < count {
                let parsed: RawAnswer? = buffer.withLock { buffer in
                    guard let (answer, used) = RawHTTP.parse(buffer) else { return nil }
                    buffer.removeFirst(used)
                    return answer
                }
                if let parsed {
                    answers.append(parsed)
                    continue
                }
                let read = recv(fd, &chunk, chunk.count, 0)
                guard read > 0 else {
                    let how =
                        read == 0
                        ? "closed by the server"
                        : errno == EAGAIN || errno == EWOULDBLOCK
                            ? "silent for \(RawHTTP.silenceSeconds) s" : errno == ECONNRESET ? "reset" : "errno \(errno)"
                    throw ConnectionEnded(answered: answers.count, expected: count, how: how)
                }
                buffer.withLock { $0.append(contentsOf: chunk[0..<read]) }
            }
            return answers
        }
    }

    /// One complete answer at the start of `buffer` and its length, or nil if incomplete.
    static func parse(_ buffer: Data) -> (RawAnswer, Int)? {
        guard let end = buffer.range(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: buffer[buffer.startIndex..<end.lowerBound], as: UTF8.self)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { return nil }
        var headers: [String: String] = [:]
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
                .trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers["content-length"] ?? "0") ?? 0
        let bodyStart = end.upperBound
        guard buffer.endIndex - bodyStart >= length else { return nil }
        let body = String(decoding: buffer[bodyStart..<(bodyStart + length)], as: UTF8.self)
        return (RawAnswer(status: status, headers: headers, body: body), bodyStart + length - buffer.startIndex)
    }
}

/// `send(2)` without SIGPIPE (a method named `send` would hide it inside the connection class).
private func rawSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    send(fd, bytes, count, Int32(MSG_NOSIGNAL))
}
