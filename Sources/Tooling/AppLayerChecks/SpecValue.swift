import Foundation
import Yams

/// A YAML document as plain values: what the project-spec reader walks.
///
/// Scalars stay strings (`"17.0"`, `"true"`): the checker compares names and paths, never numbers.
public indirect enum SpecValue: Sendable, Equatable {
    /// A scalar.
    case string(String)
    /// A sequence.
    case list([SpecValue])
    /// A mapping, in document order.
    case map([(String, SpecValue)])
    /// An empty value (`key:` with nothing after it, or `~`).
    case null

    /// Reads YAML text.
    /// - Throws: the YAML parser's error text (with its line and column) as a `String`.
    public static func parse(yaml: String) throws(SpecParseError) -> SpecValue {
        do {
            guard let node = try Yams.compose(yaml: yaml) else { return .null }
            return SpecValue(node)
        } catch {
            throw SpecParseError(message: String(describing: error))
        }
    }

    init(_ node: Node) {
        switch node {
        case .scalar(let scalar):
            self =
                scalar.string == "~" || (scalar.string.isEmpty && scalar.style == .plain)
                ? .null : .string(scalar.string)
        case .sequence(let sequence):
            self = .list(sequence.map(SpecValue.init))
        case .mapping(let mapping):
            self = .map(mapping.map { pair in (pair.key.string ?? "", SpecValue(pair.value)) })
        case .alias(let alias):
            self = .string(alias.anchor.rawValue)
        }
    }

    /// The value under `key` in a mapping; `nil` for a missing key or a non-mapping.
    public subscript(key: String) -> SpecValue? {
        guard case .map(let pairs) = self else { return nil }
        return pairs.first(where: { $0.0 == key })?.1
    }

    /// The scalar's text, or `nil`.
    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// A sequence's items, a lone scalar as a one-item list, or none.
    public var items: [SpecValue] {
        switch self {
        case .list(let values): values
        case .null: []
        default: [self]
        }
    }

    /// A mapping's pairs in order, or none.
    public var pairs: [(String, SpecValue)] {
        if case .map(let pairs) = self { return pairs }
        return []
    }

    /// This value with `other` laid over it: mappings merge key by key, lists concatenate,
    /// anything else is replaced (XcodeGen's way of applying a target template).
    public func overlaid(with other: SpecValue) -> SpecValue {
        switch (self, other) {
        case (.map(let base), .map(let top)):
            var merged = base
            for (key, value) in top {
                if let index = merged.firstIndex(where: { $0.0 == key }) {
                    merged[index].1 = merged[index].1.overlaid(with: value)
                } else {
                    merged.append((key, value))
                }
            }
            return .map(merged)
        case (.list(let base), .list(let top)): return .list(base + top)
        case (_, .null): return self
        default: return other
        }
    }

    /// This value with `placeholder` replaced by `text` in every scalar.
    public func substituting(_ placeholder: String, with text: String) -> SpecValue {
        switch self {
        case .string(let value): .string(value.replacingOccurrences(of: placeholder, with: text))
        case .list(let values): .list(values.map { $0.substituting(placeholder, with: text) })
        case .map(let pairs): .map(pairs.map { ($0.0, $0.1.substituting(placeholder, with: text)) })
        case .null: .null
        }
    }

    public static func == (a: SpecValue, b: SpecValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.list(let x), .list(let y)): x == y
        case (.map(let x), .map(let y)):
            x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        case (.null, .null): true
        default: false
        }
    }
}

/// YAML that does not parse, with the parser's message (it names the line and column).
public struct SpecParseError: Error, Sendable, Equatable {
    /// The parser's message.
    public var message: String
}
