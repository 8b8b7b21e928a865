/// Finds one plain ingest request (`POST /v1/tidepool/presence` with a `Content-Length` body)
/// at the start of a connection's bytes, for ``IngestFastPath``.
///
/// The grammar taken is a strict subset of HTTP/1.1 (RFC 9112), narrower than the one NIO's
/// parser (llhttp, strict mode) accepts, so that every request framed here would be framed the
/// same way — same head, same body, same end — by the parser behind it. Anything outside the
/// subset is ``Framing/other``: the bytes go to that parser unchanged, and it decides. Outside
/// the subset: any other request line (method, target, version, spacing); a bare LF or a CR
/// not followed by LF; a header line folded (starting with space or tab), with a name that is
/// not a token, or with a value byte that is a control or non-ASCII; `Transfer-Encoding`,
/// `Expect`, `Upgrade`, a `Connection` value other than exactly `keep-alive` (in any case);
/// no `Content-Length`, more than one, one that is not plain
/// digits (no sign, no spaces after them), or one over the body limit; more than
/// ``maxHeaderLines`` header lines or a head over ``maxHeadBytes``.
enum IngestFraming {
    /// The outcome for the bytes at hand.
    enum Framing: Equatable {
        /// A complete request: its head (request line to the empty line) and then its body.
        case request(headBytes: Int, bodyBytes: Int)
        /// Nothing outside the subset yet, but the request is not complete: wait for more bytes.
        case incomplete
        /// Not a request taken here.
        case other
    }

    /// The request line taken.
    static let requestLine: [UInt8] = Array("POST /v1/tidepool/presence HTTP/1.1\r\n".utf8)
    /// The largest head taken (request line, headers and the empty line).
    static let maxHeadBytes = 4_096
    /// The most header lines taken.
    static let maxHeaderLines = 64

    /// The framing of `bytes`, which start at a request boundary; bodies over `bodyLimit` are
    /// ``Framing/other`` (the router answers 413).
    static func frame(_ bytes: UnsafeRawBufferPointer, bodyLimit: Int) -> Framing {
        let line = requestLine
        let count = bytes.count
        let prefix = min(count, line.count)
        for index in 0..<prefix where bytes[index] != line[index] { return .other }
        guard count > line.count else { return .incomplete }
        var position = line.count
        var contentLength: Int?
        var lines = 0
        while true {
            // One line: [position, lineFeed), ending in CR LF.
            let limit = min(count, maxHeadBytes)
            var lineFeed = position
            while lineFeed < limit, bytes[lineFeed] != 0x0A { lineFeed += 1 }
            guard lineFeed < limit else {
                // An unfinished line: wait only if what is there can still become one taken.
                guard count < maxHeadBytes, lines < maxHeaderLines else { return .other }
                let end = bytes[count - 1] == 0x0D ? count - 1 : count
                switch header(bytes, from: position, to: end, complete: false) {
                case .none, .some(.refused): return .other
                case .some(.contentLength) where contentLength != nil: return .other
                default: return .incomplete
                }
            }
            guard lineFeed > position, bytes[lineFeed - 1] == 0x0D else { return .other }
            let end = lineFeed - 1
            if end == position {  // the empty line
                guard let length = contentLength, length <= bodyLimit else { return .other }
                let head = lineFeed + 1
                return count - head >= length ? .request(headBytes: head, bodyBytes: length) : .incomplete
            }
            lines += 1
            guard lines <= maxHeaderLines else { return .other }
            switch header(bytes, from: position, to: end, complete: true) {
            case .none: return .other
            case .some(.ignored): break
            case .some(.contentLength(let length)):
                guard contentLength == nil else { return .other }
                contentLength = length
            case .some(.refused): return .other
            }
            position = lineFeed + 1
        }
    }

    private enum Header {
        case ignored
        case contentLength(Int)
        /// A header that makes the request one for the router.
        case refused
    }

    /// The header line `[start, end)` (without its CR LF), or nil outside the subset. A line
    /// not `complete` is judged on the bytes it has so far (nil when no ending can make it one
    /// taken; a `Content-Length` of the digits so far).
    private static func header(_ bytes: UnsafeRawBufferPointer, from start: Int, to end: Int, complete: Bool) -> Header? {
        var colon = start
        while colon < end, isTokenByte(bytes[colon]) { colon += 1 }
        if colon == end, !complete { return .ignored }  // the name so far
        guard colon > start, colon < end, bytes[colon] == UInt8(ascii: ":") else { return nil }
        var valueStart = colon + 1
        while valueStart < end, bytes[valueStart] == 0x20 || bytes[valueStart] == 0x09 { valueStart += 1 }
        for index in valueStart..<end {
            let byte = bytes[index]
            guard (0x21...0x7E).contains(byte) || byte == 0x20 || byte == 0x09 else { return nil }
        }
        let name = UnsafeRawBufferPointer(rebasing: bytes[start..<colon])
        if equalsIgnoringCase(name, "content-length") {
            // 1*DIGIT and nothing after it; at most 7 digits (far over any body limit).
            let digits = end - valueStart
            guard digits <= 7, digits >= 1 || !complete else { return nil }
            var value = 0
            for index in valueStart..<end {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return .contentLength(value)
        }
        if equalsIgnoringCase(name, "connection") {
            // `keep-alive` alone (as URLSession sends it) is HTTP/1.1's default; anything else
            // (close, upgrade, other options) is the router's.
            guard complete else { return .ignored }
            let value = UnsafeRawBufferPointer(rebasing: bytes[valueStart..<end])
            return equalsIgnoringCase(value, "keep-alive") ? .ignored : .refused
        }
        for refused in refusedNames where equalsIgnoringCase(name, refused) { return .refused }
        return .ignored
    }

    /// Headers that leave the request to the router: other framing, connection handling or an
    /// interim answer.
    private static let refusedNames: [StaticString] = ["transfer-encoding", "expect", "upgrade"]

    /// RFC 9110 `tchar`.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// Whether the ASCII `bytes` spell `lowercase` in any case.
    private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<bytes.count {
            let byte = bytes[index]
            let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
            guard lowered == expected[index] else { return false }
        }
        return true
    }
}
