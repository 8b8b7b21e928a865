import Foundation
import LockedState

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TCP relay in front of a loopback server that closes its first `cuts.count` connections
/// after relaying that many bytes of the answer (head included): a connection that drops
/// mid-body. It records each request's head so a test can read the `Range` asked for.
final class CuttingProxy: Sendable {
    let baseURL: URL
    private let listener: Int32
    private let upstreamPort: UInt16
    private let state: Locked<(cuts: [Int], heads: [String])>

    init(upstream: URL, cuts: [Int]) throws {
        upstreamPort = UInt16(upstream.port ?? 80)
        state = Locked((cuts, []))
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = Self.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard fd >= 0, bound == 0, listen(fd, 16) == 0 else { throw POSIXError(.EADDRNOTAVAIL) }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        baseURL = URL(string: "http://127.0.0.1:\(UInt16(bigEndian: actual.sin_port))")!
        Thread { [self] in acceptLoop() }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The request heads relayed so far.
    var heads: [String] { state.withLock { $0.heads } }

    private static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR { continue }
                return
            }
            let cut = state.withLock { state -> Int? in state.cuts.isEmpty ? nil : state.cuts.removeFirst() }
            Thread { [self] in relay(client, cut: cut) }.start()
        }
    }

    /// One connection: the request head up, the answer down (up to `cut` bytes), then both closed.
    private func relay(_ client: Int32, cut: Int?) {
        defer { close(client) }
        let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(upstream) }
        var address = Self.loopback(port: upstreamPort)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return }
        // The request: a GET head only (the client sends no body).
        var head = Data()
        var byte = [UInt8](repeating: 0, count: 4_096)
        while head.range(of: Data("\r\n\r\n".utf8)) == nil {
            let n = recv(client, &byte, byte.count, 0)
            guard n > 0 else { return }
            head.append(contentsOf: byte[0..<n])
        }
        let text = String(decoding: head, as: UTF8.self)
        // One request per connection: ask the server to close after answering.
        let closing = text.replacingOccurrences(of: "\r\n\r\n", with: "\r\nConnection: close\r\n\r\n")
        state.withLock { $0.heads.append(text) }
        guard Self.sendAll(upstream, Data(closing.utf8)) else { return }
        var relayed = 0
        while true {
            let n = recv(upstream, &byte, byte.count, 0)
            guard n > 0 else { return }
            var count = n
            if let cut { count = min(n, cut - relayed) }
            guard Self.sendAll(client, Data(byte[0..<count])) else { return }
            relayed += count
            if let cut, relayed >= cut { return }
        }
    }

    private static func sendAll(_ fd: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }
}
