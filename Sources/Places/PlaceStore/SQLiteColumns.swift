#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import GRDB

/// The current row of a stepped statement, read straight through SQLite's column accessors.
///
/// GRDB's generic `Row.decode(_:atIndex:)` looks up generic metadata and builds a
/// `DatabaseValue` per column; reading the twenty results of a search in full did that about three
/// hundred times. This reads each column by its storage class instead, as strictly as GRDB's
/// conversions do: text is TEXT (or a BLOB holding valid UTF-8), a number is INTEGER or REAL,
/// anything else is ``WrongType``. Valid only while the statement stays on the row (between two
/// `next()` calls of its cursor).
struct SQLiteColumns {
    /// A column of another storage class than the one asked for.
    struct WrongType: Error {}

    private let statement: SQLiteStatement
    private let base: Int32

    /// The columns of `statement`'s current row, counted from column `base`.
    init(_ statement: Statement, from base: Int = 0) {
        self.statement = statement.sqliteStatement
        self.base = Int32(base)
    }

    private func type(_ index: Int) -> Int32 { sqlite3_column_type(statement, base + Int32(index)) }

    /// Whether column `index` is NULL.
    func isNull(_ index: Int) -> Bool { type(index) == SQLITE_NULL }

    /// Column `index` as text; `nil` when NULL.
    ///
    /// - Throws: ``WrongType`` for a number, or a BLOB that is not UTF-8.
    func text(_ index: Int) throws(WrongType) -> String? {
        try withText(index) { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the UTF-8 bytes of text column `index` (valid only inside `body`); `nil`
    /// when NULL, without calling `body`.
    ///
    /// - Throws: ``WrongType`` as ``text(_:)``.
    func withText<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> T) throws(WrongType) -> T? {
        let column = base + Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL:
            return nil
        case SQLITE_TEXT:
            // Pointer first, then its length (SQLite's documented order for a conversion-free read).
            let start = sqlite3_column_text(statement, column)
            let count = Int(sqlite3_column_bytes(statement, column))
            return body(UnsafeBufferPointer(start: start, count: start == nil ? 0 : count))
        case SQLITE_BLOB:
            let start = sqlite3_column_blob(statement, column)?.assumingMemoryBound(to: UInt8.self)
            let bytes = UnsafeBufferPointer(start: start, count: start == nil ? 0 : Int(sqlite3_column_bytes(statement, column)))
            // Ill-formed UTF-8 decodes with replacements, so it does not read back as the same bytes
            // (`String(validating:as:)` is iOS 18; the apps run on iOS 17).
            guard String(decoding: bytes, as: UTF8.self).utf8.elementsEqual(bytes) else { throw WrongType() }
            return body(bytes)
        default:
            throw WrongType()
        }
    }

    /// Numeric column `index` (INTEGER or REAL) as a `Double`; `nil` when NULL.
    ///
    /// - Throws: ``WrongType`` for text or a BLOB.
    func double(_ index: Int) throws(WrongType) -> Double? {
        let column = base + Int32(index)
        switch sqlite3_column_type(statement, column) {
        case SQLITE_NULL: return nil
        case SQLITE_INTEGER: return Double(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return sqlite3_column_double(statement, column)
        default: throw WrongType()
        }
    }
}
