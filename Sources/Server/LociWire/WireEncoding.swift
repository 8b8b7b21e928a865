import Foundation

/// How wire values become bytes: one encoder configuration for every JSON surface, so the
/// CLI and the server write the same text for the same value (keys sorted, so output is stable
/// and diffable; slashes unescaped, so ids such as `osm:node/1` read as they are).
public enum WireEncoding {
    /// Compact JSON (HTTP bodies).
    public static func compact<T: Encodable>(_ value: T) throws -> Data {
        try encoder(pretty: false).encode(value)
    }

    /// Indented JSON (the CLI's `--json`).
    public static func pretty<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try encoder(pretty: true).encode(value), as: UTF8.self)
    }

    /// A decoder for wire values.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try JSONDecoder().decode(type, from: data)
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
