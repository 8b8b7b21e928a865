import Foundation

/// One place as packed in a `place_cells` blob: what a centred scan and ranking need without
/// touching the `places` and `place_details` rows.
struct PlaceCellEntry: Equatable {
    /// `places.rowid`.
    var rowid: Int64
    /// Exact latitude (the `places.lat` REAL, bit for bit).
    var latitude: Double
    /// Exact longitude (the `places.lon` REAL, bit for bit).
    var longitude: Double
    /// `places.importance`.
    var importance: Double = 0
    /// The category id's UTF-8 bytes.
    var category: [UInt8]
    /// `places.search_text` as UTF-8 (folded names, leading space).
    var searchText: [UInt8]
    /// `places.id` as UTF-8.
    var id: [UInt8] = []
    /// `places.name` as UTF-8, `nil` when NULL.
    var name: [UInt8]? = nil
    /// `place_details.alt_names` (a JSON array) as UTF-8, `nil` when NULL.
    var alternativeNames: [UInt8]? = nil
}

/// Where the parts of one record lie in its blob (byte ranges), as ``PlaceCellCodec`` reads it.
struct PlaceCellRecord {
    var rowid: Int64
    var latitude: Double
    var longitude: Double
    var importance: Double
    var category: Range<Int>
    var text: Range<Int>
    var id: Range<Int>
    var name: Range<Int>?
    var alternativeNames: Range<Int>?
    /// The whole record.
    var bytes: Range<Int>
}

/// The binary layout of a `place_cells` blob.
///
/// A format byte (``version``), then one record per place, in rowid order, all little-endian:
/// `rowid` Int64; `lat`, `lon` and `importance` as Float64 bit patterns; then five byte strings,
/// each a UInt32 byte count and the bytes — category id, search text, place id, name and
/// `alt_names` JSON (the last two with count `0xFFFF_FFFF` and no bytes for NULL). No record is
/// split across cells; a stored cell has at least one record.
///
/// Decoding checks every length against the bytes left and every coordinate's range, so a
/// truncated, hand-edited or hostile blob is a ``PlaceStoreError`` (`corruptRow`) naming the
/// cell and byte offset, never a trap or an out-of-bounds read.
enum PlaceCellCodec {
    /// The format byte this build writes and reads.
    static let version: UInt8 = 1
    /// Bytes of a record before its byte strings: rowid, latitude, longitude, importance.
    static let fixedBytes = 32
    /// The count that marks a NULL byte string.
    static let null = UInt32.max

    /// The blob for `entries` (callers pass them in rowid order).
    static func encode(_ entries: [PlaceCellEntry]) -> [UInt8] {
        var bytes: [UInt8] = [version]
        for entry in entries {
            append(
                rowid: entry.rowid, latitude: entry.latitude, longitude: entry.longitude,
                importance: entry.importance,
                strings: [
                    entry.category, entry.searchText, entry.id, entry.name,
                    entry.alternativeNames,
                ], to: &bytes)
        }
        return bytes
    }

    /// Appends one record to a blob that already starts with ``version``; `strings` are the
    /// category, search text, id, name and alternative names, in that order (`nil` for NULL;
    /// anything past 4 GiB − 2 is cut, which SQLite's 1 GB value limit never reaches).
    static func append(
        rowid: Int64, latitude: Double, longitude: Double, importance: Double, strings: [[UInt8]?],
        to bytes: inout [UInt8]
    ) {
        func integer<I: FixedWidthInteger>(_ value: I) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        integer(rowid)
        integer(latitude.bitPattern)
        integer(longitude.bitPattern)
        integer(importance.bitPattern)
        for string in strings {
            guard let string else {
                integer(null)
                continue
            }
            let cut = string.prefix(Int(null - 1))
            integer(UInt32(cut.count))
            bytes.append(contentsOf: cut)
        }
    }

    /// Calls `body` for each record of `blob` (cell `cell`, for error messages).
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow` in `place_cells`) for an unknown format byte,
    ///   a record cut short, a NULL category, text or id, or a coordinate that is not finite and
    ///   in range; `body`'s errors pass through.
    /// - Complexity: O(bytes); no allocation.
    @inline(__always)
    static func forEachRecord(
        in blob: UnsafeRawBufferPointer, cell: Int64,
        _ body: (PlaceCellRecord) throws(PlaceStoreError) -> Void
    ) throws(PlaceStoreError) {
        func corrupt(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "place_cells", id: String(cell), detail: detail), path: nil,
                operation: "read cell")
        }
        guard let format = blob.first else { throw corrupt("empty blob") }
        guard format == version else { throw corrupt("unknown format \(format) at byte 0") }
        var offset = 1
        let end = blob.count
        func integer<T: FixedWidthInteger>(_: T.Type, at position: Int) -> T {
            T(littleEndian: blob.loadUnaligned(fromByteOffset: position, as: T.self))
        }
        /// The next byte string at `position` (advanced past it); `nil` for NULL.
        func string(_ position: inout Int, _ field: String, nullable: Bool) throws(PlaceStoreError) -> Range<
            Int
        >? {
            guard end - position >= 4 else {
                throw corrupt("record cut short at byte \(position) (\(field))")
            }
            let count = integer(UInt32.self, at: position)
            if count == null {
                guard nullable else { throw corrupt("\(field) is NULL at byte \(position)") }
                position += 4
                return nil
            }
            guard end - position - 4 >= Int(count) else {
                throw corrupt("\(field) length \(count) past the end at byte \(position)")
            }
            let start = position + 4
            position = start + Int(count)
            return start..<position
        }
        while offset < end {
            guard end - offset >= fixedBytes else { throw corrupt("record cut short at byte \(offset)") }
            let latitude = Double(bitPattern: integer(UInt64.self, at: offset + 8))
            let longitude = Double(bitPattern: integer(UInt64.self, at: offset + 16))
            guard latitude >= -90, latitude <= 90, longitude >= -180, longitude <= 180 else {
                throw corrupt("coordinate out of range at byte \(offset + 8)")
            }
            var position = offset + fixedBytes
            let category = try string(&position, "category", nullable: false) ?? 0..<0
            let text = try string(&position, "search text", nullable: false) ?? 0..<0
            let id = try string(&position, "id", nullable: false) ?? 0..<0
            let name = try string(&position, "name", nullable: true)
            let alternatives = try string(&position, "alt_names", nullable: true)
            try body(
                PlaceCellRecord(
                    rowid: integer(Int64.self, at: offset), latitude: latitude, longitude: longitude,
                    importance: Double(bitPattern: integer(UInt64.self, at: offset + 24)), category: category,
                    text: text, id: id, name: name, alternativeNames: alternatives, bytes: offset..<position))
            offset = position
        }
    }

    /// Every record of `blob` as values (tests).
    static func decode(_ blob: [UInt8], cell: Int64) throws(PlaceStoreError) -> [PlaceCellEntry] {
        var entries: [PlaceCellEntry] = []
        // `Array.withUnsafeBytes` rethrows untyped errors: carry ours out in a `Result`.
        try blob.withUnsafeBytes { raw in
            Result { () throws(PlaceStoreError) in
                try forEachRecord(in: raw, cell: cell) { record throws(PlaceStoreError) in
                    entries.append(
                        PlaceCellEntry(
                            rowid: record.rowid, latitude: record.latitude, longitude: record.longitude,
                            importance: record.importance, category: Array(raw[record.category]),
                            searchText: Array(raw[record.text]), id: Array(raw[record.id]),
                            name: record.name.map { Array(raw[$0]) },
                            alternativeNames: record.alternativeNames.map { Array(raw[$0]) }))
                }
            }
        }.get()
        return entries
    }
}
