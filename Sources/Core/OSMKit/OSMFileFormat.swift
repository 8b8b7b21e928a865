import Foundation

/// The two OSM file formats this package reads, recognised from a file's first bytes.
///
/// A PBF file starts with a 4-byte big-endian length (at most 64 KiB) followed by a `BlobHeader`
/// whose field 1 (`type`) is `OSMHeader` or `OSMData`
/// (https://wiki.openstreetmap.org/wiki/PBF_Format#File_format). An OSM XML file starts, after an
/// optional UTF-8 byte-order mark and whitespace, with `<?xml` or `<osm`. Anything else is neither,
/// which lets a caller say "not an OSM file" instead of reporting the first byte-level failure.
public enum OSMFileFormat: Sendable, Equatable {
    /// Protocol-buffer binary format (`.osm.pbf`).
    case pbf
    /// OSM XML (`.osm`).
    case xml

    /// How many leading bytes ``init(sniffing:)`` needs at most.
    public static let sniffLength = 64

    /// Recognises the format from a file's first bytes, or returns nil when they are neither.
    public init?(sniffing prefix: some Collection<UInt8>) {
        let bytes = Array(prefix.prefix(Self.sniffLength))
        if Self.looksLikePBF(bytes) {
            self = .pbf
        } else if Self.looksLikeXML(bytes) {
            self = .xml
        } else {
            return nil
        }
    }

    /// Recognises the format of the file at `url` from its first bytes; nil when unreadable or neither.
    public init?(contentsOf url: URL) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: Self.sniffLength) else { return nil }
        self.init(sniffing: data)
    }

    private static func looksLikePBF(_ bytes: [UInt8]) -> Bool {
        guard bytes.count >= 6 else { return false }
        let length = bytes[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard length > 0, length <= 64 * 1024, bytes[4] == 0x0A else { return false }
        let typeLength = Int(bytes[5])
        let type = bytes.dropFirst(6).prefix(typeLength)
        guard type.count == typeLength else { return false }
        let name = String(decoding: type, as: UTF8.self)
        return name == "OSMHeader" || name == "OSMData"
    }

    private static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        rest = rest.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return rest.starts(with: Array("<?xml".utf8)) || rest.starts(with: Array("<osm".utf8))
    }
}
