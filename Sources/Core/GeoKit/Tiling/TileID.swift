/// The identifier of one cell of a ``GridTiler`` grid: a level, a row and a column.
///
/// ### Integer form (`rawValue`)
/// The identifier packs into 64 bits, most significant first:
///
/// | bits    | width | field                                        |
/// |---------|-------|----------------------------------------------|
/// | 63…60   | 4     | level (0 = finest, 15 at most)               |
/// | 59…30   | 30    | row, counted northwards from the south pole  |
/// | 29…0    | 30    | column, counted eastwards from −180°         |
///
/// Because the level occupies the top bits, ordering by `rawValue` is ordering by
/// (level, row, column), which is what ``Comparable`` uses.
///
/// ### String form
/// ``description`` is the integer in Crockford base32: exactly 13 characters from
/// `0123456789ABCDEFGHJKMNPQRSTVWXYZ`, most significant first, URL-safe and case-insensitive
/// on input (see ``init(parsing:tiler:)``).
///
/// ### Stability
/// For a given tiler configuration (``GridTiler/baseEdgeMeters`` and ``GridTiler/levels``) the
/// mapping from a coordinate to an id, and the id's integer and string forms, are part of the
/// wire format shared by clients and servers and will not change between versions of this
/// library. A different configuration is a different grid: ids are only meaningful together
/// with the tiler that made them.
///
/// Invariants: `level` is 0…15, `row` and `column` are below 2³⁰. Whether the id names a real
/// cell depends on the tiler; check with ``GridTiler/validate(_:)``.
public struct TileID: Sendable, Hashable, Comparable {
    /// The packed 64-bit form described in the type documentation.
    public let rawValue: UInt64

    /// Number of bits used by the row and by the column fields.
    public static let fieldBits = 30
    /// Largest row or column value the packed form can hold (2³⁰ − 1).
    public static let maxField = (1 << fieldBits) - 1
    /// Largest level the packed form can hold.
    public static let maxLevel = 15

    /// Packs fields that the caller has already range-checked (out-of-range bits are masked
    /// off rather than trapping).
    @inlinable
    init(uncheckedLevel level: Int, row: Int, column: Int) {
        let mask = UInt64(TileID.maxField)
        rawValue =
            (UInt64(truncatingIfNeeded: level) & 0xF) << 60
            | (UInt64(truncatingIfNeeded: row) & mask) << 30
            | (UInt64(truncatingIfNeeded: column) & mask)
    }

    /// Wraps a raw value without checking it against any tiler.
    @inlinable
    init(uncheckedRawValue rawValue: UInt64) {
        self.rawValue = rawValue
    }

    /// Creates the id of a cell of `tiler`, refusing fields that name no cell.
    ///
    /// - Throws: ``GridTilerError/levelOutOfRange(level:levels:)``,
    ///   ``GridTilerError/rowOutOfRange(level:row:rowCount:)`` or
    ///   ``GridTilerError/columnOutOfRange(level:row:column:columnCount:)``.
    /// - Complexity: O(1).
    public init(level: Int, row: Int, column: Int, tiler: GridTiler) throws(GridTilerError) {
        try tiler.checkFields(level: level, row: row, column: column)
        self.init(uncheckedLevel: level, row: row, column: column)
    }

    /// Creates an id from its packed form, refusing values that name no cell of `tiler`.
    ///
    /// - Throws: the same errors as ``init(level:row:column:tiler:)``.
    /// - Complexity: O(1).
    public init(rawValue: UInt64, tiler: GridTiler) throws(GridTilerError) {
        let id = TileID(uncheckedRawValue: rawValue)
        try tiler.validate(id)
        self = id
    }

    /// Grid level: 0 is the finest; each level up doubles the cell edge.
    @inlinable
    public var level: Int { Int(truncatingIfNeeded: rawValue >> 60) }

    /// Row index at this level, 0 at the south pole, increasing northwards.
    @inlinable
    public var row: Int { Int(truncatingIfNeeded: (rawValue >> 30) & UInt64(TileID.maxField)) }

    /// Column index within the row, 0 at −180°, increasing eastwards.
    @inlinable
    public var column: Int { Int(truncatingIfNeeded: rawValue & UInt64(TileID.maxField)) }

    /// Orders by level, then row, then column (the same as ordering by `rawValue`).
    /// - Complexity: O(1).
    @inlinable
    public static func < (lhs: TileID, rhs: TileID) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension TileID: CustomStringConvertible {
    /// The 13-character Crockford base32 string form, e.g. `"0001D3KQ0A8Z2"`.
    /// - Complexity: O(1).
    public var description: String { base32String }
}

extension TileID: Codable {
    /// Decodes the string form. Only the syntax is checked here (no tiler is at hand);
    /// validate the result with ``GridTiler/validate(_:)`` before using it with a tiler.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try TileID(parsingSyntaxOnly: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    /// Encodes the string form.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(base32String)
    }
}
