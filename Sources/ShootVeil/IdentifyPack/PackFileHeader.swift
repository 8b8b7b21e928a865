import Foundation

/// The first 100 bytes of an SQLite file, checked before SQLite opens it: the magic string, and
/// that the file is exactly as long as the header's page size × page count says.
///
/// Format: <https://www.sqlite.org/fileformat.html#the_database_header> (page size at offset 16,
/// big-endian, 1 meaning 65,536; the in-header page count at 28, valid when the change counter at
/// 24 equals the version-valid-for number at 92, which every SQLite since 3.7.0 maintains).
enum PackFileHeader {
    static let magic = Array("SQLite format 3\0".utf8)

    /// Throws unless the file at `path` is a whole SQLite file.
    static func check(path: String) throws(PackError) {
        let size: Int
        let header: Data
        do {
            // The size from the open file itself (no file-attribute API: nothing the app must declare).
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            header = try handle.read(upToCount: 100) ?? Data()
            size = Int(clamping: try handle.seekToEnd())
        } catch {
            throw PackError(.unreadable((error as NSError).localizedDescription), path: path)
        }
        let bytes = [UInt8](header)
        if bytes.isEmpty { throw PackError(.notSQLite("empty file"), path: path) }
        let prefix = min(bytes.count, magic.count)
        guard Array(bytes[0..<prefix]) == Array(magic[0..<prefix]) else {
            throw PackError(.notSQLite("no SQLite header"), path: path)
        }
        guard bytes.count == 100 else { throw PackError(.truncated(expectedBytes: 100, actualBytes: size), path: path) }
        let rawPageSize = Int(bytes[16]) << 8 | Int(bytes[17])
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        guard pageSize >= 512, pageSize & (pageSize - 1) == 0 else {
            throw PackError(.damaged("header page size \(rawPageSize)"), path: path)
        }
        guard bytes[24..<28] == bytes[92..<96] else {
            throw PackError(.damaged("header page count is stale (the file was not closed by SQLite)"), path: path)
        }
        let pages = bytes[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let expected = pages * pageSize
        guard expected == size else { throw PackError(.truncated(expectedBytes: expected, actualBytes: size), path: path) }
    }
}
