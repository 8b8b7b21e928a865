import Crypto
import Foundation

/// A file's SHA-256, read in 1 MiB pieces (never the whole file in memory).
public enum FileDigest {
    /// The SHA-256 of the file at `path` as 64 lowercase hexadecimal digits, and its size.
    /// - Throws: ``FileDigestError`` when the file cannot be opened or read.
    public static func sha256(path: String) throws(FileDigestError) -> (hex: String, bytes: Int64) {
        guard let handle = FileHandle(forReadingAtPath: path) else { throw FileDigestError(path: path, reason: "cannot be opened") }
        defer { try? handle.close() }
        var hasher = SHA256()
        var bytes: Int64 = 0
        while true {
            let piece: Data?
            do { piece = try handle.read(upToCount: 1 << 20) } catch {
                throw FileDigestError(path: path, reason: "cannot be read: \(error.localizedDescription)")
            }
            guard let piece, !piece.isEmpty else { break }
            hasher.update(data: piece)
            bytes += Int64(piece.count)
        }
        return (hex(hasher.finalize()), bytes)
    }

    /// The SHA-256 of `data` as 64 lowercase hexadecimal digits.
    public static func sha256(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    private static func hex(_ digest: SHA256.Digest) -> String {
        digest.map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }
}

/// A file whose digest could not be read, and why.
public struct FileDigestError: Error, Sendable, CustomStringConvertible {
    /// The file.
    public let path: String
    /// Why.
    public let reason: String

    public var description: String { "\(path): \(reason)" }
}
