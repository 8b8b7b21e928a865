/// A `multipart/form-data` body (RFC 7578) parsed as it arrives, in chunks of any size, keeping
/// only a bounded prefix of each part: `keep(name)` bytes (the rest of a part is counted and
/// dropped). So a 24 MiB photo costs the parser the prefix the metadata reader needs, not 24 MiB.
///
/// Strict: each part needs a `Content-Disposition: form-data; name="…"` header; names must be
/// in `allowed` and appear once; a part's header block is at most ``maximumHeaderBytes``; the body
/// must end with the closing delimiter (what follows it is ignored). Feeding the same bytes in
/// any chunking gives the same parts or the same error (`MultipartParserTests`, and the
/// differential fuzz harness `Fuzz/MultipartFuzz.swift`).
///
/// Depends on the standard library only, so the fuzz harness compiles this file alone.
struct MultipartParser {
    /// One part: its name, file name and content type (if any), the first bytes of its body and
    /// the body's whole length.
    struct Part: Equatable {
        var name: String
        var filename: String?
        var contentType: String?
        /// The first `keep(name)` bytes of the body.
        var prefix: [UInt8]
        /// The body's length, bytes (beyond `prefix` when the part was longer than kept).
        var size: Int
    }

    /// Why a body is refused: malformed, or a part outside the closed set.
    struct Failure: Error, Equatable, CustomStringConvertible {
        /// Whether the failure is an unknown part name (else a malformed body).
        var unknownPart: Bool
        var message: String
        var description: String { message }
    }

    /// Longest header block of one part, bytes.
    static let maximumHeaderBytes = 8_192

    private enum State {
        /// Before the first delimiter (a preamble is allowed and ignored).
        case preamble
        /// Just after a delimiter: `\r\n` starts a part, `--` closes the body.
        case afterDelimiter
        /// Inside a part's header block.
        case headers
        /// Inside a part's body.
        case body
        /// After the closing delimiter.
        case closed
    }

    /// `\r\n--boundary`: what ends a part's body (the body's start is given a virtual `\r\n`, so
    /// a delimiter at byte 0 is found too).
    private let delimiter: [UInt8]
    private let allowed: Set<String>
    private let keep: (String) -> Int
    private var state = State.preamble
    /// Bytes received but not yet consumed.
    private var pending: [UInt8] = [13, 10]
    /// The part being read (after its headers).
    private var current: Part?
    /// How many bytes of `current` to keep.
    private var keeping = 0
    /// How many bytes of the current header block have been searched for its end already, so a
    /// block arriving a byte at a time is searched once, not once per byte.
    private var headerSearched = 0
    /// The parts finished so far.
    private(set) var parts: [Part] = []
    /// Bytes examined while searching for delimiters and header ends: linear in the body's length
    /// in any chunking (at most the delimiter's length + 1 times it: a chunk re-examines only the
    /// tail that could begin a delimiter), so the parser's cost is too (`MultipartStreamingTests`).
    private(set) var bytesSearched = 0

    /// A parser for `boundary` (the content type's parameter, without the leading `--`).
    init(boundary: String, allowed: Set<String>, keep: @escaping (String) -> Int) {
        delimiter = Array("\r\n--\(boundary)".utf8)
        self.allowed = allowed
        self.keep = keep
    }

    /// Reads the next bytes of the body.
    /// - Throws: ``Failure`` as soon as the bytes so far cannot be a valid body.
    mutating func feed(_ bytes: some Sequence<UInt8>) throws(Failure) {
        if case .closed = state { return }  // the epilogue is ignored
        pending.append(contentsOf: bytes)
        try consume()
    }

    /// The parts, once the whole body has been fed.
    /// - Throws: ``Failure`` naming what is missing when the body ends early.
    mutating func finish() throws(Failure) -> [Part] {
        switch state {
        case .closed: return parts
        case .preamble:
            throw Self.malformed(
                parts.isEmpty
                    ? "the body has no parts delimited by the boundary"
                    : "the body ends before its closing boundary")
        case .afterDelimiter:
            throw Self.malformed("the body ends after a boundary, without the closing boundary")
        case .headers:
            throw Self.malformed("the body ends inside the header block of part \(parts.count + 1)")
        case .body:
            let name = current.map { "part \(parts.count + 1) (\"\($0.name)\")" } ?? "part \(parts.count + 1)"
            throw Self.malformed("the body ends inside \(name), without the closing boundary")
        }
    }

    private static func malformed(_ message: String) -> Failure {
        Failure(unknownPart: false, message: message)
    }

    /// Consumes as much of `pending` as the state allows.
    private mutating func consume() throws(Failure) {
        var start = 0
        defer { pending.removeFirst(start) }
        while true {
            switch state {
            case .preamble:
                if let found = find(delimiter, from: start) {
                    start = found + delimiter.count
                    state = .afterDelimiter
                } else {
                    // Keep what could be the start of a delimiter.
                    start = max(start, pending.count - (delimiter.count - 1))
                    return
                }
            case .afterDelimiter:
                guard pending.count - start >= 2 else { return }
                let (first, second) = (pending[start], pending[start + 1])
                start += 2
                if first == 45 && second == 45 {
                    state = .closed
                    start = pending.count  // the epilogue is ignored
                    return
                }
                guard first == 13 && second == 10 else {
                    throw Self.malformed("part \(parts.count + 1): the boundary line is malformed")
                }
                state = .headers
                headerSearched = 0
            case .headers:
                let terminator: [UInt8] = [13, 10, 13, 10]
                // An empty header block: the part's header ends at once (and then has no name).
                if pending.count - start >= 2, pending[start] == 13, pending[start + 1] == 10 {
                    throw Self.malformed("part \(parts.count + 1) has no name")
                }
                let from = start + max(0, headerSearched - (terminator.count - 1))
                guard let end = find(terminator, from: from) else {
                    headerSearched = pending.count - start
                    guard pending.count - start <= Self.maximumHeaderBytes else {
                        throw Self.malformed(
                            "part \(parts.count + 1): the header block is longer than \(Self.maximumHeaderBytes) bytes"
                        )
                    }
                    return
                }
                guard end - start <= Self.maximumHeaderBytes else {
                    throw Self.malformed(
                        "part \(parts.count + 1): the header block is longer than \(Self.maximumHeaderBytes) bytes"
                    )
                }
                let part = try header(pending[start..<end])
                current = part
                keeping = max(0, keep(part.name))
                start = end + terminator.count
                state = .body
            case .body:
                if let found = find(delimiter, from: start) {
                    append(pending[start..<found])
                    if let current { parts.append(current) }
                    current = nil
                    start = found + delimiter.count
                    state = .afterDelimiter
                } else {
                    let safe = max(start, pending.count - (delimiter.count - 1))
                    append(pending[start..<safe])
                    start = safe
                    return
                }
            case .closed:
                start = pending.count
                return
            }
        }
    }

    /// ``find(_:in:from:)`` in `pending`, counting the bytes examined.
    private mutating func find(_ needle: [UInt8], from start: Int) -> Int? {
        let found = Self.find(needle, in: pending, from: start)
        bytesSearched += max(0, (found ?? pending.count) - start)
        return found
    }

    /// Adds body bytes to the current part: kept up to its limit, counted past it.
    private mutating func append(_ bytes: ArraySlice<UInt8>) {
        guard var part = current, !bytes.isEmpty else { return }
        current = nil  // no second reference while the prefix grows
        let room = keeping - part.prefix.count
        if room > 0 { part.prefix.append(contentsOf: bytes.prefix(room)) }
        part.size += bytes.count
        current = part
    }

    /// The part a header block describes.
    private func header(_ block: ArraySlice<UInt8>) throws(Failure) -> Part {
        let number = parts.count + 1
        let text = String(decoding: block, as: UTF8.self)
        var name: String?
        var filename: String?
        var type: String?
        for line in Self.lines(text) {
            guard let colon = line.firstIndex(of: ":") else {
                throw Self.malformed("part \(number): header line without a colon")
            }
            let key = Self.trimmed(line[..<colon]).lowercased()
            let value = Self.trimmed(line[line.index(after: colon)...])
            if key == "content-disposition" {
                guard value.lowercased().hasPrefix("form-data") else {
                    throw Self.malformed("part \(number) is not form-data")
                }
                name = Self.parameter("name", in: value)
                filename = Self.parameter("filename", in: value)
            } else if key == "content-type" {
                type = value
            }
        }
        guard let name, !name.isEmpty else { throw Self.malformed("part \(number) has no name") }
        guard allowed.contains(name) else {
            throw Failure(
                unknownPart: true,
                message: "unknown part \"\(name)\"; allowed: \(allowed.sorted().joined(separator: ", "))")
        }
        guard !parts.contains(where: { $0.name == name }) else {
            throw Self.malformed("part \"\(name)\" appears more than once")
        }
        return Part(name: name, filename: filename, contentType: type, prefix: [], size: 0)
    }

    /// The lines of a header block (split on CRLF only).
    private static func lines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: "\r\n") {
            lines.append(rest[..<range.lowerBound])
            rest = rest[range.upperBound...]
        }
        lines.append(rest)
        return lines
    }

    /// `text` without leading and trailing spaces and tabs.
    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, trimmed(pair[0]).lowercased() == key else { continue }
            var value = trimmed(pair[1])
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }

    /// The first index at or after `start` where `needle` occurs in `haystack`.
    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard !needle.isEmpty, haystack.count >= needle.count, start <= haystack.count - needle.count else {
            return nil
        }
        let first = needle[0]
        var index = start
        let lastStart = haystack.count - needle.count
        while index <= lastStart {
            if haystack[index] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[index + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return index }
            }
            index += 1
        }
        return nil
    }
}
