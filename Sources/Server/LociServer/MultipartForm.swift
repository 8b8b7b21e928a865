import Foundation

/// A `multipart/form-data` body (RFC 7578) read strictly in memory: each part needs a
/// `Content-Disposition: form-data; name="…"` header; names must be in a closed set and appear
/// once. Nothing is written to disk.
struct MultipartForm {
    /// One part: its name, file name (if any) and bytes.
    struct Part {
        var name: String
        var filename: String?
        var contentType: String?
        var body: [UInt8]
    }

    let parts: [Part]

    /// Splits `body` on the boundary named in `contentType`.
    /// - Throws: ``APIError`` 400 naming what is malformed, or an unknown or repeated part.
    init(_ body: [UInt8], contentType: String, allowed: Set<String>) throws(APIError) {
        guard let boundary = Self.boundary(in: contentType) else {
            throw .badRequest(
                .invalidMultipart, "Content-Type multipart/form-data needs a boundary parameter")
        }
        let delimiter = Array("--\(boundary)".utf8)
        var positions: [Int] = []
        var index = 0
        while let found = Self.find(delimiter, in: body, from: index) {
            // A delimiter starts the body or follows CRLF.
            if found == 0 || (found >= 2 && body[found - 2] == 13 && body[found - 1] == 10) {
                positions.append(found)
            }
            index = found + delimiter.count
        }
        guard positions.count >= 2 else {
            throw .badRequest(.invalidMultipart, "the body has no parts delimited by the boundary")
        }
        let last = positions[positions.count - 1] + delimiter.count
        guard last + 2 <= body.count, body[last] == 45, body[last + 1] == 45 else {
            throw .badRequest(.invalidMultipart, "the body does not end with the closing boundary")
        }
        var parts: [Part] = []
        for (number, start) in positions.dropLast().enumerated() {
            var cursor = start + delimiter.count
            guard cursor + 2 <= body.count, body[cursor] == 13, body[cursor + 1] == 10 else {
                throw .badRequest(.invalidMultipart, "part \(number + 1): the boundary line is malformed")
            }
            cursor += 2
            let end = positions[number + 1] - 2  // the CRLF before the next delimiter
            guard let headerEnd = Self.find(Array("\r\n\r\n".utf8), in: body, from: cursor), headerEnd <= end
            else { throw .badRequest(.invalidMultipart, "part \(number + 1) has no header block") }
            let headerText = String(decoding: body[cursor..<headerEnd], as: UTF8.self)
            var name: String?
            var filename: String?
            var type: String?
            for line in headerText.components(separatedBy: "\r\n") {
                guard let colon = line.firstIndex(of: ":") else {
                    throw .badRequest(.invalidMultipart, "part \(number + 1): header line without a colon")
                }
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                if key == "content-disposition" {
                    guard value.lowercased().hasPrefix("form-data") else {
                        throw .badRequest(.invalidMultipart, "part \(number + 1) is not form-data")
                    }
                    name = Self.parameter("name", in: value)
                    filename = Self.parameter("filename", in: value)
                } else if key == "content-type" {
                    type = value
                }
            }
            guard let name, !name.isEmpty else {
                throw .badRequest(.invalidMultipart, "part \(number + 1) has no name")
            }
            guard allowed.contains(name) else {
                throw .badRequest(
                    .unknownField,
                    "unknown part \"\(name)\"; allowed: \(allowed.sorted().joined(separator: ", "))")
            }
            guard !parts.contains(where: { $0.name == name }) else {
                throw .badRequest(.invalidMultipart, "part \"\(name)\" appears more than once")
            }
            parts.append(
                Part(
                    name: name, filename: filename, contentType: type,
                    body: Array(body[(headerEnd + 4)..<end])))
        }
        self.parts = parts
    }

    /// The part called `name`.
    subscript(name: String) -> Part? { parts.first { $0.name == name } }

    /// A text part as a string (nil when absent).
    func text(_ name: String) throws(APIError) -> String? {
        guard let part = self[name] else { return nil }
        guard part.body.count <= 200, let text = String(validating: part.body, as: UTF8.self) else {
            throw .badRequest(.invalidField, "\(name) must be UTF-8 text of at most 200 bytes")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A text part read as a finite number.
    func number(_ name: String) throws(APIError) -> Double? {
        guard let text = try text(name) else { return nil }
        guard let value = Double(text), value.isFinite else {
            throw .badRequest(.invalidField, "\(name) must be a finite number, got \"\(text)\"")
        }
        return value
    }

    /// The `boundary` parameter of a `multipart/form-data` content type.
    static func boundary(in contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        guard let value = parameter("boundary", in: contentType), !value.isEmpty, value.utf8.count <= 70
        else {
            return nil
        }
        return value
    }

    /// A `key=value` or `key="value"` parameter of a header value.
    static func parameter(_ key: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == key else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
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
