import NIOCore
import NIOEmbedded
import NIOHTTP1
import Testing

@testable import LociServer

/// `IngestFraming` against NIO's own HTTP/1 parser (the one behind it in the pipeline): every
/// request framed as complete must be read by NIO's parser as the same request with the same
/// body, ending at the same byte; every prefix still waiting must not be an error or a complete
/// request there. Checked on named hostile cases and on many mutations of valid requests.
@Suite("Ingest framing against NIO's HTTP/1 parser")
struct IngestFramingTests {
    static let limit = 8_192
    static let body = Array(#"{"tile_id":"0/1/2","epoch":3,"nonce":"AA==","signature":"AA=="}"#.utf8)

    static func request(_ headers: String, body: [UInt8] = body) -> [UInt8] {
        Array("POST /v1/tidepool/presence HTTP/1.1\r\n\(headers)\r\n".utf8) + body
    }

    static func plain(_ extra: String = "", body: [UInt8] = body) -> [UInt8] {
        request("Host: loci\r\nContent-Type: application/json\r\n\(extra)Content-Length: \(body.count)\r\n", body: body)
    }

    static func frame(_ bytes: [UInt8]) -> IngestFraming.Framing {
        bytes.withUnsafeBytes { IngestFraming.frame($0, bodyLimit: limit) }
    }

    /// What NIO's request parser reads from `bytes` fed at once.
    struct NIORead {
        var heads: [HTTPRequestHead] = []
        var body: [UInt8] = []
        var ends = 0
        var error: (any Error)?
    }

    static func nio(_ bytes: ArraySlice<UInt8>) -> NIORead {
        let channel = EmbeddedChannel(handler: ByteToMessageHandler(HTTPRequestDecoder()))
        var read = NIORead()
        do { try channel.writeInbound(ByteBuffer(bytes: bytes)) } catch { read.error = error }
        while let part = try? channel.readInbound(as: HTTPServerRequestPart.self) {
            switch part {
            case .head(let head): read.heads.append(head)
            case .body(let chunk): read.body += chunk.readableBytesView
            case .end: read.ends += 1
            }
        }
        _ = try? channel.finish()
        return read
    }

    /// The differential property for one input; returns the framing for the caller's own checks.
    @discardableResult
    static func agrees(_ bytes: [UInt8], _ note: @autoclosure () -> String = "") -> IngestFraming.Framing {
        let framing = frame(bytes)
        switch framing {
        case .request(let headBytes, let bodyBytes):
            let end = headBytes + bodyBytes
            let read = nio(bytes[0..<end])
            let shown = "\(String(decoding: bytes, as: UTF8.self).debugDescription) \(note())"
            #expect(read.error == nil, "NIO refused what was framed: \(shown)")
            #expect(read.heads.count == 1 && read.ends == 1, "NIO did not read one request: \(shown)")
            if let head = read.heads.first {
                #expect(head.method == .POST && head.uri == IngestFastPath.path && head.version == .http1_1, "\(shown)")
                #expect(head.isKeepAlive, "\(shown)")
                #expect(head.headers["content-length"].compactMap { Int($0) } == [bodyBytes], "\(shown)")
                #expect(!head.headers.contains(name: "transfer-encoding"), "\(shown)")
            }
            #expect(read.body == Array(bytes[headBytes..<end]), "another body: \(shown)")
            // One byte fewer is not a complete request for NIO either: the request ends there.
            #expect(nio(bytes[0..<(end - 1)]).ends == 0, "NIO ended the request earlier: \(shown)")
        case .incomplete:
            let read = nio(bytes[...])
            let shown = "\(String(decoding: bytes, as: UTF8.self).debugDescription) \(note())"
            #expect(read.error == nil && read.ends == 0, "a prefix framed as waiting is not one for NIO: \(shown)")
        case .other:
            break
        }
        return framing
    }

    @Test("plain requests are framed at their exact end, whatever the header case, spacing or order")
    func plainRequests() {
        let cases: [[UInt8]] = [
            Self.plain(),
            Self.request("content-length: \(Self.body.count)\r\n"),
            Self.request("CONTENT-LENGTH:\t \(Self.body.count)\r\nx-Trace_id: a b\tc\r\n"),
            Self.request("Content-Length:\(Self.body.count)\r\nAccept: */*\r\nUser-Agent: Tidepool/1 CFNetwork\r\n"),
            Self.request("Content-Length: 0\r\n", body: []),
            Self.request("Content-Length: 007\r\n", body: Array("{\"a\":1}".utf8)),
            // As URLSession sends it: keep-alive is HTTP/1.1's default.
            Self.plain("Connection: keep-alive\r\nAccept: */*\r\n"),
            Self.plain("connection: Keep-Alive\r\n"),
        ]
        for bytes in cases {
            guard case .request = Self.agrees(bytes) else {
                Issue.record("not taken: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                continue
            }
        }
        // Pipelined: the first request ends where its body does.
        let two = Self.plain() + Self.plain()
        #expect(Self.agrees(two) == .request(headBytes: Self.plain().count - Self.body.count, bodyBytes: Self.body.count))
    }

    @Test(
        "requests outside the subset are left to NIO's parser",
        arguments: [
            ("another route", Array("POST /v1/tidepool/presence2 HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}".utf8)),
            ("a query", Array("POST /v1/tidepool/presence?x=1 HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}".utf8)),
            ("HTTP/1.0", Array("POST /v1/tidepool/presence HTTP/1.0\r\nContent-Length: 2\r\n\r\n{}".utf8)),
            ("a GET", Array("GET /v1/tidepool/presence HTTP/1.1\r\n\r\n".utf8)),
            ("lowercase method", Array("post /v1/tidepool/presence HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}".utf8)),
            ("two spaces", Array("POST  /v1/tidepool/presence HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}".utf8)),
            ("chunked", request("Transfer-Encoding: chunked\r\n", body: Array("2\r\n{}\r\n0\r\n\r\n".utf8))),
            ("length and chunked", request("Content-Length: 2\r\nTransfer-Encoding: chunked\r\n", body: Array("{}".utf8))),
            ("two lengths", request("Content-Length: 2\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("a list length", request("Content-Length: 2, 2\r\n", body: Array("{}".utf8))),
            ("a signed length", request("Content-Length: +2\r\n", body: Array("{}".utf8))),
            ("space after the length", request("Content-Length: 2 \r\n", body: Array("{}".utf8))),
            ("space before the colon", request("Content-Length : 2\r\n", body: Array("{}".utf8))),
            ("no length", request("Host: loci\r\n", body: [])),
            ("an empty length", request("Content-Length:\r\n", body: [])),
            ("a length over the limit", request("Content-Length: 8193\r\n", body: [UInt8](repeating: 0x20, count: 8_193))),
            ("a huge length", request("Content-Length: 99999999999999999999\r\n", body: [])),
            ("a folded line", request("Content-Length: 2\r\nX-A: b\r\n c\r\n", body: Array("{}".utf8))),
            ("a bare LF", Array("POST /v1/tidepool/presence HTTP/1.1\r\nContent-Length: 2\n\r\n{}".utf8)),
            ("a bare CR", request("Content-Length: 2\r\nX-A: b\rc\r\n", body: Array("{}".utf8))),
            ("a NUL in a value", request("Content-Length: 2\r\nX-A: b\u{0}c\r\n", body: Array("{}".utf8))),
            ("non-ASCII in a value", request("Content-Length: 2\r\nX-A: bä\r\n", body: Array("{}".utf8))),
            ("no name", request("Content-Length: 2\r\n: b\r\n", body: Array("{}".utf8))),
            ("no colon", request("Content-Length: 2\r\nX-A b\r\n", body: Array("{}".utf8))),
            ("a separator in a name", request("Content-Length: 2\r\nX(A): b\r\n", body: Array("{}".utf8))),
            ("Connection: close", request("Connection: close\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("a Connection list", request("Connection: keep-alive, Upgrade\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("Expect", request("Expect: 100-continue\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("Upgrade", request("Upgrade: h2c\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("too many lines", request(String(repeating: "X-A: b\r\n", count: 65) + "Content-Length: 2\r\n", body: Array("{}".utf8))),
            ("a head over 4 KiB", request("X-A: \(String(repeating: "b", count: 4_100))\r\nContent-Length: 2\r\n", body: Array("{}".utf8))),
            ("a head over 4 KiB, unfinished", Array("POST /v1/tidepool/presence HTTP/1.1\r\nX-A: \(String(repeating: "b", count: 4_100))".utf8)),
        ] as [(String, [UInt8])])
    func leftToNIO(_ name: String, _ bytes: [UInt8]) {
        #expect(Self.frame(bytes) == .other, "\(name)")
    }

    @Test("every prefix of a request waits, and its last byte completes it")
    func prefixes() {
        let bytes = Self.plain()
        for end in 0..<bytes.count {
            #expect(Self.agrees(Array(bytes[0..<end])) == .incomplete, "prefix of \(end) bytes")
        }
        #expect(Self.agrees(bytes) == .request(headBytes: bytes.count - Self.body.count, bodyBytes: Self.body.count))
        // A prefix that already left the subset is not kept waiting.
        #expect(Self.frame(Array("POST /v1/tidepool/presencX".utf8)) == .other)
        #expect(Self.frame(Array("POST /v1/tidepool/presence HTTP/1.1\r\nTransfer-Encoding: chunked\r\n".utf8)) == .other)
    }

    /// SplitMix64: the same mutations on every run.
    struct Mixer {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    }

    @Test("mutated requests: whatever is framed, NIO's parser reads the same way")
    func mutations() {
        let interesting: [UInt8] = Array("\r\n \t:0129aAzZ-_,;\"+/?".utf8) + [0x00, 0x0B, 0x7F, 0x80, 0xC3, 0xFF]
        let insertions = [
            "Transfer-Encoding: chunked\r\n", "Content-Length: 5\r\n", "Content-Length: 62\r\n", "Connection: close\r\n",
            "Connection: keep-alive\r\n",
            " folded\r\n", "Content-Length : 3\r\n", "Content-Length: +3\r\n", "X-A: b\r\n", "\r\n", "\n", "\r",
            "Host: a\r\nHost: b\r\n", "content-length:62\r\n",
        ].map { Array($0.utf8) }
        let bases = [
            Self.plain(), Self.plain("Accept: */*\r\n"), Self.request("Content-Length: 2\r\n", body: Array("{}".utf8)),
            Self.plain() + Self.plain(),
        ]
        var mixer = Mixer(state: 0x1_0C1)
        var taken = 0
        var waiting = 0
        for round in 0..<6_000 {
            var bytes = bases[mixer.below(bases.count)]
            for _ in 0...mixer.below(3) {
                let position = mixer.below(bytes.count + 1)
                switch mixer.below(5) {
                case 0 where position < bytes.count: bytes[position] = interesting[mixer.below(interesting.count)]
                case 1: bytes.insert(interesting[mixer.below(interesting.count)], at: position)
                case 2 where position < bytes.count: bytes.remove(at: position)
                case 3:
                    // A whole line inserted after a line end.
                    let lineEnds = bytes.indices.filter { bytes[$0] == 0x0A }
                    if let end = lineEnds.randomElement(using: &mixer) {
                        bytes.insert(contentsOf: insertions[mixer.below(insertions.count)], at: end + 1)
                    }
                default: bytes = Array(bytes[0..<position])
                }
            }
            switch Self.agrees(bytes, "round \(round)") {
            case .request: taken += 1
            case .incomplete: waiting += 1
            case .other: break
            }
        }
        // The mutations reach every outcome, so the property was tested, not skipped.
        #expect(taken > 500 && waiting > 500, "taken \(taken), waiting \(waiting)")
    }
}

extension IngestFramingTests.Mixer: RandomNumberGenerator {}
