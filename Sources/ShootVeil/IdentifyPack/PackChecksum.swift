import Crypto
import Foundation
import GRDB

/// The SHA-256 of a table's canonical rows: what a pack's manifest records per table and what
/// opening a pack recomputes.
///
/// The canonical form is independent of how SQLite lays the table out on its pages (so `VACUUM`
/// does not change it): the table's name and column names, then every row in the order of its
/// primary key (its rowid when it has none), each value as a type tag (0 NULL, 1 INTEGER, 2 REAL, 3 TEXT, 4 BLOB) followed by
/// 8 big-endian bytes (an integer, or a real's IEEE 754 bit pattern) or a 64-bit big-endian
/// length and the bytes (text as UTF-8). Every field is length-prefixed, so no two different
/// tables share a canonical form.
package enum PackChecksum {
    /// Hashes `table`: rows, canonical bytes and the digest.
    ///
    /// - Complexity: O(table size); reads every row once.
    package static func table(_ table: String, _ db: Database) throws -> PackTable {
        let info = try Row.fetchAll(db, sql: "PRAGMA table_info(\(table.quotedDatabaseIdentifier))")
        let columns = info.compactMap { $0["name"] as String? }
        let key = info.compactMap { row -> (Int, String)? in
            guard let position = row["pk"] as Int?, position > 0, let name = row["name"] as String? else { return nil }
            return (position, name)
        }.sorted { $0.0 < $1.0 }.map { $0.1.quotedDatabaseIdentifier }
        let orderBy = key.isEmpty ? "rowid" : key.joined(separator: ", ")
        var hasher = SHA256()
        var bytes = 0
        var buffer: [UInt8] = []
        func flush() {
            hasher.update(data: buffer)
            bytes += buffer.count
            buffer.removeAll(keepingCapacity: true)
        }
        append(text: table, to: &buffer)
        append(integer: Int64(columns.count), to: &buffer)
        for column in columns { append(text: column, to: &buffer) }
        var rows = 0
        let list = columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        let cursor = try Row.fetchCursor(
            db, sql: "SELECT \(list) FROM \(table.quotedDatabaseIdentifier) ORDER BY \(orderBy)")
        while let row = try cursor.next() {
            rows += 1
            for index in 0..<columns.count { append(row[index] as DatabaseValue, to: &buffer) }
            if buffer.count >= 1 << 16 { flush() }
        }
        flush()
        return PackTable(name: table, rows: rows, bytes: bytes, sha256: hex(hasher.finalize()))
    }

    /// The SHA-256 of `text`'s UTF-8, lowercase hex (the manifest's own checksum).
    package static func sha256(_ text: String) -> String { hex(SHA256.hash(data: Data(text.utf8))) }

    private static func hex(_ digest: SHA256.Digest) -> String { digest.map { String(format: "%02x", $0) }.joined() }

    private static func append(_ value: DatabaseValue, to buffer: inout [UInt8]) {
        switch value.storage {
        case .null: buffer.append(0)
        case .int64(let integer):
            buffer.append(1)
            append(bits: UInt64(bitPattern: integer), to: &buffer)
        case .double(let real):
            buffer.append(2)
            append(bits: real.bitPattern, to: &buffer)
        case .string(let text):
            buffer.append(3)
            append(text: text, to: &buffer)
        case .blob(let data):
            buffer.append(4)
            append(bits: UInt64(data.count), to: &buffer)
            buffer.append(contentsOf: data)
        }
    }

    private static func append(text: String, to buffer: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        append(bits: UInt64(utf8.count), to: &buffer)
        buffer.append(contentsOf: utf8)
    }

    private static func append(integer: Int64, to buffer: inout [UInt8]) {
        append(bits: UInt64(bitPattern: integer), to: &buffer)
    }

    private static func append(bits: UInt64, to buffer: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { buffer.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }
}
