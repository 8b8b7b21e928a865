/// A photo file that could not be read, with what was wrong and at which byte.
///
/// ``offset`` counts bytes from the start of the file (or of the byte array given to
/// ``PhotoMetadataReader/read(bytes:)``) where the problem was found, when there is one.
public struct PhotoMetadataError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read.
        case io(String)
        /// The first bytes are not JPEG, TIFF or an ISOBMFF `ftyp` box.
        case unknownFormat
        /// The data ends before a structure that needs `needed` bytes (`available` remain).
        case truncated(what: String, needed: Int, available: Int)
        /// A structure whose fields break its format (bad marker, header, version, size field).
        case malformed(String)
        /// An IFD pointer leading back to an IFD already read (a cycle); `ifd` names the pointer.
        case ifdCycle(ifd: String, offset: Int)
        /// A count or size over the reader's limit (entries, items, extents, bytes).
        case limitExceeded(what: String, value: Int, limit: Int)
        /// Boxes nested deeper than the reader follows.
        case nestingTooDeep(limit: Int)
        /// A required structure is missing (e.g. no `meta` box, no `pitm`).
        case missing(String)
        /// A structure this reader does not handle (e.g. `iloc` construction method 2).
        case unsupported(String)

        /// A one-line English description.
        public var description: String {
            switch self {
            case .io(let detail): "I/O error: \(detail)"
            case .unknownFormat: "not a JPEG, TIFF or HEIF file"
            case .truncated(let what, let needed, let available):
                "data ends inside \(what) (needs \(needed) bytes, \(available) remain)"
            case .malformed(let detail): "malformed \(detail)"
            case .ifdCycle(let ifd, let offset):
                "\(ifd) offset \(offset) leads back to an IFD already read (a cycle)"
            case .limitExceeded(let what, let value, let limit):
                "\(what) \(value) exceeds the limit of \(limit)"
            case .nestingTooDeep(let limit): "boxes nested deeper than \(limit) levels"
            case .missing(let what): "missing \(what)"
            case .unsupported(let what): "unsupported \(what)"
            }
        }
    }

    /// What went wrong.
    public var kind: Kind
    /// Byte offset from the start of the file where it went wrong, when known.
    public var offset: Int?

    /// An error of `kind` found at byte `offset`.
    public init(_ kind: Kind, at offset: Int? = nil) {
        self.kind = kind
        self.offset = offset
    }

    /// `at byte N: …` followed by the kind's description.
    public var description: String {
        offset.map { "at byte \($0): \(kind)" } ?? kind.description
    }
}
