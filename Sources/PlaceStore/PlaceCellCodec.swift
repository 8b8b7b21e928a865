import Foundation

/// One place as packed in a `place_cells` blob: what a centred scan needs without touching the
/// `places` rows.
struct PlaceCellEntry: Equatable {
    /// `places.rowid`.
    var rowid: Int64
    /// Exact latitude (the `places.lat` REAL, bit for bit).
    var latitude: Double
    /// Exact longitude (the `places.lon` REAL, bit for bit).
    var longitude: Double
    /// The category id's UTF-8 bytes.
    var category: [UInt8]
    /// `places.search_text` as UTF-8 (folded names, leading space).
    var searchText: [UInt8]
}

/// The binary layout of a `place_cells` blob.
///
/// A format byte (``version``), then one record per place, in rowid order:
/// `rowid` Int64, `lat` and `lon` as Float64 bit patterns (all little-endian), a UInt16 byte
/// count and the category id, a UInt32 byte count and the search text. No record is split
/// across cells; a cell has at least one record.
///
/// Decoding checks every length against the bytes left and every coordinate's range, so a
/// truncated, hand-edited or hostile blob is a ``PlaceStoreError`` (`corruptRow`) naming the
/// cell and byte offset, never a trap or an out-of-bounds read.
enum PlaceCellCodec {
    /// The format byte this build writes and reads.
    static let version: UInt8 = 1
    /// Bytes of a record before its category: rowid, latitude, longitude.
    static let fixedBytes = 24

    /// The blob for `entries` (callers pass them in rowid order).
    ///
    /// A category longer than 64 KiB or a text longer than 4 GiB is cut (neither occurs: SQLite
    /// values are at most 1 GB and category ids are short).
    static func encode(_ entries: [PlaceCellEntry]) -> [UInt8] {
        var bytes: [UInt8] = [version]
        bytes.reserveCapacity(1 + entries.reduce(0) { $0 + fixedBytes + 6 + $1.category.count + $1.searchText.count })
        for entry in entries {
            append(
                rowid: entry.rowid, latitude: entry.latitude, longitude: entry.longitude, category: entry.category,
                searchText: entry.searchText, to: &bytes)
        }
        return bytes
    }

    /// Appends one record to a blob that already starts with ``version``.
    static func append<C: Collection<UInt8>, T: Collection<UInt8>>(
        rowid: Int64, latitude: Double, longitude: Double, category: C, searchText: T, to bytes: inout [UInt8]
    ) {
        func integer<I: FixedWidthInteger>(_ value: I) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        integer(rowid)
        integer(latitude.bitPattern)
        integer(longitude.bitPattern)
        let category = category.prefix(Int(UInt16.max))
        integer(UInt16(category.count))
        bytes.append(contentsOf: category)
        let text = searchText.prefix(Int(UInt32.max))
        integer(UInt32(text.count))
        bytes.append(contentsOf: text)
    }

    /// Calls `body` for each record of `blob` (cell `cell`, for error messages) with the rowid,
    /// coordinate and the byte ranges of the category and search text inside `blob`.
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow` in `place_cells`) for an unknown format byte,
    ///   a record cut short, or a coordinate that is not finite and in range; `body`'s errors
    ///   pass through.
    /// - Complexity: O(bytes); no allocation.
    @inline(__always)
    static func forEachRecord(
        in blob: UnsafeRawBufferPointer, cell: Int64,
        _ body: (_ rowid: Int64, _ latitude: Double, _ longitude: Double, _ category: Range<Int>, _ text: Range<Int>)
            throws(PlaceStoreError) -> Void
    ) throws(PlaceStoreError) {
        func corrupt(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "place_cells", id: String(cell), detail: detail), path: nil, operation: "read cell")
        }
        guard let format = blob.first else { throw corrupt("empty blob") }
        guard format == version else { throw corrupt("unknown format \(format) at byte 0") }
        var offset = 1
        let end = blob.count
        func integer<T: FixedWidthInteger>(_: T.Type, at position: Int) -> T {
            T(littleEndian: blob.loadUnaligned(fromByteOffset: position, as: T.self))
        }
        while offset < end {
            guard end - offset >= fixedBytes + 2 else { throw corrupt("record cut short at byte \(offset)") }
            let rowid = integer(Int64.self, at: offset)
            let latitude = Double(bitPattern: integer(UInt64.self, at: offset + 8))
            let longitude = Double(bitPattern: integer(UInt64.self, at: offset + 16))
            guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
                throw corrupt("coordinate out of range at byte \(offset + 8)")
            }
            let categoryStart = offset + fixedBytes + 2
            let categoryCount = Int(integer(UInt16.self, at: offset + fixedBytes))
            guard end - categoryStart >= categoryCount + 4 else {
                throw corrupt("category length \(categoryCount) past the end at byte \(offset + fixedBytes)")
            }
            let textStart = categoryStart + categoryCount + 4
            let textCount = Int(integer(UInt32.self, at: textStart - 4))
            guard end - textStart >= textCount else {
                throw corrupt("text length \(textCount) past the end at byte \(textStart - 4)")
            }
            try body(rowid, latitude, longitude, categoryStart..<(categoryStart + categoryCount),
                textStart..<(textStart + textCount))
            offset = textStart + textCount
        }
    }

    /// Every record of `blob` as values (tests and the writer's checks).
    static func decode(_ blob: [UInt8], cell: Int64) throws(PlaceStoreError) -> [PlaceCellEntry] {
        var entries: [PlaceCellEntry] = []
        // `Array.withUnsafeBytes` rethrows untyped errors: carry ours out in a `Result`.
        try blob.withUnsafeBytes { raw in
            Result { () throws(PlaceStoreError) in
                try forEachRecord(in: raw, cell: cell) { rowid, latitude, longitude, category, text throws(PlaceStoreError) in
                    entries.append(
                        PlaceCellEntry(
                            rowid: rowid, latitude: latitude, longitude: longitude, category: Array(raw[category]),
                            searchText: Array(raw[text])))
                }
            }
        }.get()
        return entries
    }
}
