/// Why GeoJSON input was refused: what is wrong, and where.
///
/// ``path`` names the member in JavaScript-like notation from the top-level object, e.g.
/// `features[3].geometry.coordinates[0]`; it is empty for the document itself. For malformed
/// JSON, ``byteOffset`` also gives the 0-based position in the input.
/// ``description`` reads `path: message`, e.g.
/// `features[3].geometry.coordinates[0]: a linear ring needs at least 4 positions, found 3`.
public struct GeoJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of problem.
    public enum Kind: Sendable, Equatable {
        /// The bytes are not valid UTF-8 JSON text (including empty and truncated input).
        case malformedJSON
        /// Nesting is deeper than the decoder allows.
        case tooDeep
        /// Well-formed JSON that is not valid GeoJSON.
        case invalidGeoJSON
    }

    /// The broad class of problem.
    public let kind: Kind
    /// Where the problem is, e.g. `features[3].geometry.type`; empty for the whole document.
    public let path: String
    /// What is wrong, e.g. `unknown GeoJSON type "Pointy"`.
    public let message: String
    /// 0-based byte offset into the input, for malformed JSON; `nil` otherwise.
    public let byteOffset: Int?

    /// Creates an error; `path` is formatted from its components.
    init(_ kind: Kind, at path: JSONPath, _ message: String, byteOffset: Int? = nil) {
        self.kind = kind
        self.path = path.description
        self.message = message
        self.byteOffset = byteOffset
    }

    /// `path: message`, with the byte offset for malformed JSON.
    public var description: String {
        let location = path.isEmpty ? "(document)" : path
        guard let byteOffset else { return "\(location): \(message)" }
        return "\(location): \(message) (at byte \(byteOffset))"
    }
}

/// A location inside a JSON document, built while parsing or validating.
struct JSONPath: Sendable, CustomStringConvertible {
    /// One step: an object member or an array element.
    enum Component: Sendable {
        case key(String)
        case index(Int)
    }

    /// Steps from the document root.
    private(set) var components: [Component] = []

    /// The empty path (the document itself).
    static let root = JSONPath()

    /// This path extended by an object member.
    func appending(_ key: String) -> JSONPath {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This path extended by an array element.
    func appending(_ index: Int) -> JSONPath {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// Adds a step in place.
    mutating func push(_ component: Component) { components.append(component) }

    /// Removes the last step.
    mutating func pop() { _ = components.popLast() }

    /// `a.b[3].c`; keys that are not plain identifiers are written `["…"]`.
    var description: String {
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                let plain =
                    !key.isEmpty && key.utf8.count <= 64
                    && key.unicodeScalars.allSatisfy {
                        ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9")
                            || $0 == "_"
                    }
                if plain {
                    text += text.isEmpty ? key : ".\(key)"
                } else {
                    var writer = JSONWriter()
                    writer.write(String(key.prefix(64)))
                    text += "[\(String(decoding: writer.bytes, as: UTF8.self))]"
                }
            }
        }
        return text
    }
}
