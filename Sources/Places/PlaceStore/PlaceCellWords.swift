import Foundation

/// The word index of one `place_cells` row (its `words` blob): the distinct words of the cell's
/// search texts, each with its character set and the records holding it, so the typo pass tests
/// each distinct word once per cell and runs the full name matcher only on the records holding a
/// word that can match.
///
/// Layout, little-endian: a format byte (``version``), a UInt32 word count, then per word a
/// UInt64 character set (``FuzzyNameMatcher/mask(_:)`` of its scalars), a UInt32 byte count and
/// the word's UTF-8 bytes, a UInt32 posting count and that many UInt32 record ordinals (the
/// record's position in the cell's ``PlaceCellCodec`` blob, from 0, ascending). Words are the
/// runs of bytes between spaces of each search text — the words ``FuzzyNameMatcher`` splits —
/// in order of first appearance.
///
/// Reading checks every count against the bytes left, so a truncated or hostile blob is a
/// ``PlaceStoreError`` (`corruptRow`) naming the cell and byte offset, never a trap.
enum PlaceCellWords {
    /// The format byte this build writes and reads.
    static let version: UInt8 = 1

    /// The word index of a cell whose records have these search texts, in record order.
    static func encode(searchTexts: [[UInt8]]) -> [UInt8] {
        var order: [[UInt8]] = []
        var postings: [[UInt8]: [UInt32]] = [:]
        for (ordinal, text) in searchTexts.enumerated() {
            for word in text.split(separator: 0x20) {
                let key = Array(word)
                if postings[key] == nil {
                    order.append(key)
                    postings[key] = [UInt32(ordinal)]
                } else if postings[key]?.last != UInt32(ordinal) {
                    postings[key]?.append(UInt32(ordinal))
                }
            }
        }
        var bytes: [UInt8] = [version]
        func integer<I: FixedWidthInteger>(_ value: I) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        integer(UInt32(order.count))
        for word in order {
            let scalars = String(decoding: word, as: UTF8.self).unicodeScalars.map(\.value)
            integer(FuzzyNameMatcher.mask(scalars[...]))
            integer(UInt32(word.count))
            bytes.append(contentsOf: word)
            let list = postings[word] ?? []
            integer(UInt32(list.count))
            for ordinal in list { integer(ordinal) }
        }
        return bytes
    }

    /// Calls `body` with each word's character set, its bytes and its postings (UInt32
    /// little-endian ordinals, as raw bytes) in `blob` (cell `cell`, for error messages).
    ///
    /// - Throws: ``PlaceStoreError`` (`corruptRow` in `place_cells`) for an unknown format byte
    ///   or a count past the end.
    /// - Complexity: O(bytes); no allocation.
    @inline(__always)
    static func forEachWord(
        in blob: UnsafeRawBufferPointer, cell: Int64,
        _ body: (UInt64, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(PlaceStoreError) {
        func corrupt(_ detail: String) -> PlaceStoreError {
            PlaceStoreError(
                .corruptRow(table: "place_cells", id: String(cell), detail: "words: " + detail), path: nil,
                operation: "read cell")
        }
        guard let format = blob.first else { throw corrupt("empty blob") }
        guard format == version else { throw corrupt("unknown format \(format) at byte 0") }
        let end = blob.count
        guard end >= 5 else { throw corrupt("word count cut short at byte 1") }
        func integer<T: FixedWidthInteger>(_: T.Type, at position: Int) -> T {
            T(littleEndian: blob.loadUnaligned(fromByteOffset: position, as: T.self))
        }
        let count = Int(integer(UInt32.self, at: 1))
        var offset = 5
        for _ in 0..<count {
            guard end - offset >= 12 else { throw corrupt("word cut short at byte \(offset)") }
            let mask = integer(UInt64.self, at: offset)
            let length = Int(integer(UInt32.self, at: offset + 8))
            let start = offset + 12
            guard end - start >= length + 4 else { throw corrupt("word length \(length) past the end at byte \(offset + 8)") }
            let postingsCount = Int(integer(UInt32.self, at: start + length))
            let postingsStart = start + length + 4
            guard (end - postingsStart) / 4 >= postingsCount else {
                throw corrupt("posting count \(postingsCount) past the end at byte \(start + length)")
            }
            offset = postingsStart + 4 * postingsCount
            body(
                mask, UnsafeRawBufferPointer(rebasing: blob[start..<(start + length)]),
                UnsafeRawBufferPointer(rebasing: blob[postingsStart..<offset]))
        }
        guard offset == end else { throw corrupt("\(end - offset) bytes after the last word at byte \(offset)") }
    }

    /// The ordinals of the records holding a word `test` accepts, as a bitset (bit i of word
    /// i / 64 for ordinal i). `bits` is reused between cells; a hostile ordinal cannot make it
    /// grow past the blob's size in 64-bit words.
    static func marked(
        in blob: UnsafeRawBufferPointer, cell: Int64, into bits: inout [UInt64],
        test: (UInt64, UnsafeRawBufferPointer) -> Bool
    ) throws(PlaceStoreError) {
        bits.removeAll(keepingCapacity: true)
        try forEachWord(in: blob, cell: cell) { mask, word, postings in
            guard test(mask, word) else { return }
            for index in 0..<(postings.count / 4) {
                let ordinal = Int(UInt32(littleEndian: postings.loadUnaligned(fromByteOffset: 4 * index, as: UInt32.self)))
                let slot = ordinal >> 6
                if slot >= bits.count {
                    // Bounded by the blob: a posting is 4 bytes, so at most blob.count / 4 · 64 bits.
                    guard slot <= blob.count else { continue }
                    bits.append(contentsOf: repeatElement(0, count: slot + 1 - bits.count))
                }
                bits[slot] |= 1 << UInt64(ordinal & 63)
            }
        }
    }
}
