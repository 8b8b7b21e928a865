import GeoKit

/// The strict reader of the gazetteer TSV that `scripts/fetch-data` writes.
///
/// Format: UTF-8, one place per `\n`-terminated line (a `\r` before it is ignored), a header
/// row naming exactly the nine columns of ``GazetteerTSV/columns``, fields separated by tabs.
/// `admin1` and `admin2` may be empty; every other field is required. Any malformed row stops
/// the load with a ``GazetteerError`` naming the line and column: a gazetteer that silently
/// dropped rows would answer with a wrong place instead of failing.
enum GazetteerTSV {
    /// The header, in order.
    static let columns = [
        "geonameid", "name", "lat", "lon", "country", "admin1", "admin2", "population", "timezone",
    ]

    /// The longest accepted line in bytes (the real file's longest is 162).
    static let maximumLineLength = 4096

    /// The parsed rows and their coordinates, in file order.
    struct Table {
        var rows: [GazetteerRow] = []
        var coordinates: [Coordinate] = []
    }

    /// Parses `text` (already inflated).
    ///
    /// - Complexity: O(n) in the byte count; creates no strings for valid rows.
    static func parse(_ text: [UInt8]) throws(GazetteerError) -> Table {
        guard !text.isEmpty else { throw GazetteerError(.empty) }
        var table = Table()
        var failure: GazetteerError?
        text.withUnsafeBufferPointer { buffer in
            do throws(GazetteerError) {
                try parse(buffer, into: &table)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return table
    }

    private static func parse(_ buffer: UnsafeBufferPointer<UInt8>, into table: inout Table)
        throws(GazetteerError)
    {
        var start = 0
        var line = 0
        // A UTF-8 byte-order mark before the header is tolerated.
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
        let estimate = buffer.count / 80
        table.rows.reserveCapacity(estimate)
        table.coordinates.reserveCapacity(estimate)
        var fields = [Range<Int>](repeating: 0..<0, count: columns.count)
        while start < buffer.count {
            line += 1
            var end = start
            while end < buffer.count && buffer[end] != 0x0A { end += 1 }
            let next = end + 1
            if end > start && buffer[end - 1] == 0x0D { end -= 1 }
            guard end - start <= maximumLineLength else {
                throw GazetteerError(.lineTooLong(length: end - start, limit: maximumLineLength), line: line)
            }
            guard UTF8Validation.isValid(buffer, start..<end) else {
                throw GazetteerError(.invalidUTF8, line: line)
            }
            let found = split(buffer, start..<end, into: &fields)
            if line == 1 {
                try checkHeader(buffer, start..<end)
            } else {
                guard found == columns.count else {
                    throw GazetteerError(.wrongFieldCount(expected: columns.count, found: found), line: line)
                }
                try appendRow(buffer, fields, line: line, to: &table)
            }
            start = next
        }
    }

    /// Splits `range` at tabs into `fields`; returns the field count (which may exceed the slots).
    private static func split(
        _ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into fields: inout [Range<Int>]
    ) -> Int {
        var count = 0
        var fieldStart = range.lowerBound
        for i in range where buffer[i] == 0x09 {
            if count < fields.count { fields[count] = fieldStart..<i }
            count += 1
            fieldStart = i + 1
        }
        if count < fields.count { fields[count] = fieldStart..<range.upperBound }
        return count + 1
    }

    /// The first line must be exactly the nine column names, in order.
    private static func checkHeader(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) throws(GazetteerError) {
        let header = String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        guard header == columns.joined(separator: "\t") else {
            let shown = header.count > 200 ? String(header.prefix(200)) + "…" : header
            throw GazetteerError(.unexpectedHeader(found: shown), line: 1)
        }
    }

    private static func appendRow(
        _ buffer: UnsafeBufferPointer<UInt8>, _ fields: [Range<Int>], line: Int, to table: inout Table
    ) throws(GazetteerError) {
        func required(_ column: Int) throws(GazetteerError) -> Range<Int> {
            guard !fields[column].isEmpty else {
                throw GazetteerError(.emptyField, line: line, column: columns[column])
            }
            return fields[column]
        }
        func number(_ column: Int, in allowed: ClosedRange<Double>) throws(GazetteerError) -> Double {
            let range = try required(column)
            let text = UnsafeBufferPointer(rebasing: buffer[range])
            guard let value = DecimalParser.parse(text) else {
                throw GazetteerError(
                    .notANumber(text: String(decoding: text, as: UTF8.self)), line: line,
                    column: columns[column])
            }
            guard allowed.contains(value) else {
                throw GazetteerError(
                    .outOfRange(text: String(decoding: text, as: UTF8.self)), line: line,
                    column: columns[column])
            }
            return value
        }
        func integer(_ column: Int) throws(GazetteerError) -> Int {
            let range = try required(column)
            let text = UnsafeBufferPointer(rebasing: buffer[range])
            guard let value = DecimalParser.parseInteger(text) else {
                throw GazetteerError(
                    .notANumber(text: String(decoding: text, as: UTF8.self)), line: line,
                    column: columns[column])
            }
            return value
        }
        let id = try integer(0)
        let latitude = try number(2, in: -90...90)
        let longitude = try number(3, in: -180...180)
        let population = try integer(7)
        let row = GazetteerRow(
            geonameID: id, population: population, name: TextSpan(try required(1)),
            countryCode: TextSpan(try required(4)), admin1: TextSpan(fields[5]), admin2: TextSpan(fields[6]),
            timeZone: TextSpan(try required(8)))
        table.rows.append(row)
        table.coordinates.append(Coordinate(uncheckedLatitude: latitude, longitude: longitude))
    }
}
