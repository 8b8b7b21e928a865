import Foundation
import LociWire

/// The one way the `loci` commands write JSON.
///
/// * **One encoder configuration**: the wire's (``LociWire/WireEncoding``: keys sorted, slashes
///   unescaped), so the CLI and the server write the same text for the same value — indented
///   for `--json`, one compact line per object where a command streams (`photo-info`).
/// * **One way to write `null`**: a documented member with no value is written `null`, never
///   left out — through ``LociWire/Nullable`` in the CLI's own types, and ``NullMembers`` where a
///   wire value (which leaves such members out for the server) is printed with the CLI's members.
/// * **The same types as the server** where the answer is the same thing: a search result or a
///   place is a ``LociWire/WireSearchResult``, a candidate a ``LociWire/WireCandidate``, an
///   aircraft source a ``LociWire/WireAircraftSource``, written as the server writes them.
enum CLIJSON {
    /// Indented JSON (`--json`).
    static func pretty<T: Encodable>(_ value: T) throws -> String {
        try WireEncoding.pretty(value)
    }

    /// One line of compact JSON (a command that prints an object per input).
    static func line<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try WireEncoding.compact(value), as: UTF8.self)
    }
}

/// A wire value written as it is, with `null` for each named member it left out because it had
/// no value: the CLI's documented members are always present.
struct NullMembers<Value: Encodable>: Encodable {
    /// The value, encoded by its own rules.
    let value: Value
    /// The members to write as `null`: those `value` has no value for (and so left out).
    let nulls: [String]

    /// `value` and, as `null`, each key of `members` whose flag says it has no value.
    init(_ value: Value, nullWhen members: KeyValuePairs<String, Bool>) {
        self.value = value
        self.nulls = members.filter(\.value).map(\.key)
    }

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder)
        var container = encoder.container(keyedBy: MemberKey.self)
        for key in nulls { try container.encodeNil(forKey: MemberKey(key)) }
    }
}

/// A JSON member name.
struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
