import GRDB
import GeoKit

/// Typed reads of one row of a pack's own tables that never trap: a value of the wrong type is a
/// ``PackError/Kind/badRow(table:rowid:detail:)`` naming the table, the row and the column.
struct PackRow {
    let row: Row
    let table: String
    let path: String

    private var rowid: Int64 {
        if case .int64(let value) = (row[0] as DatabaseValue).storage { return value }
        return -1
    }

    private func fail(_ index: Int, _ expected: String) -> PackError {
        PackError(.badRow(table: table, rowid: rowid, detail: "column \(Array(row.columnNames)[index]) is not \(expected)"), path: path)
    }

    func optionalText(_ index: Int) throws(PackError) -> String? {
        switch (row[index] as DatabaseValue).storage {
        case .null: return nil
        case .string(let text): return text
        default: throw fail(index, "text")
        }
    }

    func text(_ index: Int) throws(PackError) -> String {
        guard let text = try optionalText(index) else { throw fail(index, "text") }
        return text
    }

    func optionalReal(_ index: Int) throws(PackError) -> Double? {
        switch (row[index] as DatabaseValue).storage {
        case .null: return nil
        case .double(let value) where value.isFinite: return value
        case .int64(let value): return Double(value)
        default: throw fail(index, "a finite number")
        }
    }

    /// Columns `index` and `index + 1` as latitude and longitude.
    func coordinate(_ index: Int) throws(PackError) -> Coordinate {
        guard let latitude = try optionalReal(index), let longitude = try optionalReal(index + 1),
            let coordinate = try? Coordinate(latitude: latitude, longitude: longitude)
        else { throw fail(index, "a latitude and longitude in range") }
        return coordinate
    }
}
