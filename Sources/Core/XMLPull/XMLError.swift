/// Where something is in an XML input.
///
/// `line` and `column` are 1-based; a line ends at each line feed (U+000A) and columns count
/// Unicode scalars, so a tab or a multi-byte character is one column. `offset` is the 0-based byte
/// offset from the start of the input (a byte-order mark included).
public struct XMLPosition: Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column, counted in Unicode scalars.
    public var column: Int
    /// 0-based byte offset from the start of the input.
    public var offset: Int

    /// A position from its parts.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The start of the input.
    public static let start = XMLPosition(line: 1, column: 1, offset: 0)

    /// `line L, column C (byte O)`.
    public var description: String { "line \(line), column \(column) (byte \(offset))" }
}

/// A limit of ``XMLLimits`` that an input exceeded.
public enum XMLLimit: String, Sendable, Hashable {
    /// ``XMLLimits/maximumDepth``.
    case depth
    /// ``XMLLimits/maximumNameLength``.
    case nameLength
    /// ``XMLLimits/maximumAttributeCount``.
    case attributeCount
    /// ``XMLLimits/maximumValueLength``.
    case valueLength
    /// ``XMLLimits/maximumTokenLength``.
    case tokenLength
    /// ``XMLLimits/maximumInputLength``.
    case inputLength
}

/// Why an XML input was refused, and where.
///
/// Every refusal of ``XMLPullReader`` is one of these; the reader never traps on input.
public struct XMLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// A `<!DOCTYPE` declaration: DTDs are not supported, so no entity can expand.
        case doctype
        /// A processing instruction other than the XML declaration at the very start.
        case processingInstruction(target: String)
        /// An XML declaration that is malformed or names an encoding other than UTF-8.
        case invalidDeclaration(String)
        /// A byte-order mark or declaration for an encoding other than UTF-8 (e.g. UTF-16).
        case unsupportedEncoding(String)
        /// A reference to an entity other than `lt`, `gt`, `amp`, `apos` and `quot`.
        case undefinedEntity(String)
        /// A character reference to a code point that is not an XML character (e.g. `&#0;`).
        case invalidCharacterReference(String)
        /// Bytes that are not well-formed UTF-8.
        case invalidUTF8
        /// A code point that XML 1.0 does not allow (control characters, U+FFFE, U+FFFF).
        case invalidCharacter(UInt32)
        /// An end tag whose name differs from the open element's.
        case mismatchedTag(expected: String, found: String)
        /// The same attribute twice in one start tag.
        case duplicateAttribute(String)
        /// A `<` inside an attribute value.
        case lessThanInAttributeValue
        /// Character data before or after the root element.
        case textOutsideRoot
        /// A second top-level element.
        case multipleRoots
        /// An input without any element.
        case noRootElement
        /// The input ended inside a construct or with elements still open.
        case unexpectedEnd(String)
        /// Any other syntax error; the text says what was expected.
        case syntax(String)
        /// The input exceeded one of ``XMLLimits``; `limit` is the configured value.
        case limitExceeded(XMLLimit, limit: Int)
        /// The byte source failed (e.g. a read error).
        case io(String)

        /// A one-line English description.
        public var description: String {
            switch self {
            case .doctype: return "<!DOCTYPE> is not allowed (no DTDs, no entity declarations)"
            case .processingInstruction(let target):
                return "processing instruction <?\(target)…?> is not allowed"
            case .invalidDeclaration(let detail): return "invalid XML declaration: \(detail)"
            case .unsupportedEncoding(let name): return "unsupported encoding \(name) (only UTF-8 is read)"
            case .undefinedEntity(let name): return "undefined entity &\(name);"
            case .invalidCharacterReference(let text):
                return "character reference &\(text); is not an XML character"
            case .invalidUTF8: return "invalid UTF-8"
            case .invalidCharacter(let value):
                return "character U+\(String(value, radix: 16, uppercase: true)) is not allowed in XML"
            case .mismatchedTag(let expected, let found): return "</\(found)> does not close <\(expected)>"
            case .duplicateAttribute(let name): return "duplicate attribute \(name)"
            case .lessThanInAttributeValue: return "'<' inside an attribute value"
            case .textOutsideRoot: return "text outside the root element"
            case .multipleRoots: return "more than one root element"
            case .noRootElement: return "no root element"
            case .unexpectedEnd(let detail): return "input ends \(detail)"
            case .syntax(let detail): return detail
            case .limitExceeded(let limit, let value):
                return "exceeds the \(limit.rawValue) limit of \(value)"
            case .io(let detail): return "read error: \(detail)"
            }
        }
    }

    /// What was wrong.
    public var kind: Kind
    /// Where: the offending byte, or the start of the offending construct.
    public var position: XMLPosition

    /// An error at a position.
    public init(_ kind: Kind, at position: XMLPosition) {
        self.kind = kind
        self.position = position
    }

    /// `line L, column C (byte O): …`.
    public var description: String { "\(position): \(kind)" }
}
