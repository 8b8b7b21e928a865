/// A failure reading an OSM file, with where it happened.
///
/// PBF failures carry ``blobIndex`` (0-based, counting the `OSMHeader` blob) and ``fileOffset``
/// (bytes from the start of the file): for framing problems (sizes, truncation) the exact byte;
/// for problems inside a blob's payload, the offset of that blob's 4-byte length prefix, with the
/// offset inside the (decompressed) payload in the ``Kind`` (``Kind/protobuf(_:)``). XML failures
/// carry ``line`` and ``column`` (1-based; columns count Unicode scalars) and ``fileOffset`` (the
/// byte where the offending construct or element starts).
///
/// Follows https://wiki.openstreetmap.org/wiki/PBF_Format and https://wiki.openstreetmap.org/wiki/OSM_XML.
public struct OSMError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The file ended inside a blob's 4-byte length or `BlobHeader`.
        case truncatedBlobHeader(needed: Int, available: Int)
        /// A `BlobHeader` length over the 64 KiB limit.
        case blobHeaderTooLarge(size: Int, limit: Int)
        /// The file ended inside a `Blob`.
        case truncatedBlob(needed: Int, available: Int)
        /// A `BlobHeader.datasize` over the 32 MiB limit (or negative).
        case blobTooLarge(size: Int, limit: Int)
        /// A `Blob.raw_size` over the 32 MiB limit (or negative, or missing for compressed data).
        case rawSizeTooLarge(size: Int, limit: Int)
        /// A blob compressed with a method this reader does not support (`lzma`, `bzip2`, `lz4`, `zstd`).
        case unsupportedCompression(String)
        /// A blob with no `raw` or compressed payload.
        case missingBlobData
        /// zlib refused the data; `status` is zlib's return code (e.g. −3 `Z_DATA_ERROR`).
        case decompressionFailed(status: Int32)
        /// zlib produced a different number of bytes than `raw_size` declared.
        case rawSizeMismatch(declared: Int, actual: Int)
        /// The protobuf encoding inside the blob is invalid.
        case protobuf(ProtobufError)
        /// A string-table index past the end of the block's string table.
        case stringIndexOutOfRange(index: Int, count: Int)
        /// A decoded coordinate outside −90...90 latitude or −180...180 longitude.
        case coordinateOutOfRange(nodeID: Int64, latitude: Double, longitude: Double)
        /// The header lists required features this reader does not implement.
        case unknownRequiredFeatures([String])
        /// The file does not start with an `OSMHeader` blob.
        case missingHeader(foundType: String?)
        /// Structurally valid protobuf that breaks the OSM schema (e.g. mismatched array lengths).
        case malformed(String)
        /// The file could not be opened or read.
        case io(String)
        /// The XML is not well-formed.
        case xmlSyntax(String)
        /// An XML element lacks a required attribute.
        case missingAttribute(element: String, attribute: String)
        /// An XML attribute value is not a valid number, type or coordinate.
        case invalidAttribute(element: String, attribute: String, value: String)
        /// The `<osm version>` is not 0.6.
        case unsupportedVersion(String)

        /// A one-line English description.
        public var description: String {
            switch self {
            case .truncatedBlobHeader(let needed, let available):
                return "file ends inside a blob header (needs \(needed) bytes, \(available) remain)"
            case .blobHeaderTooLarge(let size, let limit):
                return "blob header of \(size) bytes exceeds the \(limit)-byte limit"
            case .truncatedBlob(let needed, let available):
                return "file ends inside a blob (needs \(needed) bytes, \(available) remain)"
            case .blobTooLarge(let size, let limit):
                return "blob of \(size) bytes exceeds the \(limit)-byte limit"
            case .rawSizeTooLarge(let size, let limit):
                return "declared raw_size \(size) is outside 0...\(limit)"
            case .unsupportedCompression(let name):
                return "unsupported blob compression '\(name)' (only raw and zlib are supported)"
            case .missingBlobData:
                return "blob has no data"
            case .decompressionFailed(let status):
                return "zlib decompression failed (status \(status))"
            case .rawSizeMismatch(let declared, let actual):
                return "blob decompressed to \(actual) bytes but raw_size declared \(declared)"
            case .protobuf(let error):
                return "bad protobuf: \(error)"
            case .stringIndexOutOfRange(let index, let count):
                return "string index \(index) is out of range for a string table of \(count) entries"
            case .coordinateOutOfRange(let id, let latitude, let longitude):
                return "node \(id) has out-of-range coordinates (\(latitude), \(longitude))"
            case .unknownRequiredFeatures(let features):
                return "file requires unsupported features: \(features.joined(separator: ", "))"
            case .missingHeader(let foundType):
                return "file does not start with an OSMHeader blob (found \(foundType ?? "nothing"))"
            case .malformed(let detail):
                return "malformed data: \(detail)"
            case .io(let detail):
                return "I/O error: \(detail)"
            case .xmlSyntax(let detail):
                return "XML syntax error: \(detail)"
            case .missingAttribute(let element, let attribute):
                return "<\(element)> is missing attribute '\(attribute)'"
            case .invalidAttribute(let element, let attribute, let value):
                return "<\(element)> has invalid \(attribute)=\"\(value)\""
            case .unsupportedVersion(let version):
                return "unsupported OSM XML version \(version) (expected 0.6)"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// 0-based blob position in a PBF file (the `OSMHeader` blob is 0), when known.
    public var blobIndex: Int?
    /// Byte offset from the start of the file (PBF or XML), when known.
    public var fileOffset: Int?
    /// 1-based line in an XML file, when known.
    public var line: Int?
    /// 1-based column in an XML file, when known.
    public var column: Int?

    /// An error with its location; pass the fields that apply.
    public init(
        _ kind: Kind, blobIndex: Int? = nil, fileOffset: Int? = nil, line: Int? = nil, column: Int? = nil
    ) {
        self.kind = kind
        self.blobIndex = blobIndex
        self.fileOffset = fileOffset
        self.line = line
        self.column = column
    }

    /// `blob N at byte M: …` or `line L, column C (byte M): …`, followed by the kind's description.
    public var description: String {
        if let line, let column {
            let offset = fileOffset.map { " (byte \($0))" } ?? ""
            return "line \(line), column \(column)\(offset): " + kind.description
        }
        var location: [String] = []
        if let blobIndex { location.append("blob \(blobIndex)") }
        if let fileOffset { location.append("at byte \(fileOffset)") }
        if let line { location.append("line \(line)") }
        if let column { location.append("column \(column)") }
        return location.isEmpty ? kind.description : location.joined(separator: " ") + ": " + kind.description
    }
}
