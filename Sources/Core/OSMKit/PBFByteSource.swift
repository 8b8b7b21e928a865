import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Sequential-or-positioned reads from a PBF file on disk or from bytes in memory.
///
/// Reads never allocate more than the caller asks for, and callers check every size against the
/// PBF limits and ``size`` before asking.
///
/// - Complexity: `read(at:count:)` is O(count).
final class PBFByteSource {
    /// Total size in bytes.
    let size: Int
    private let descriptor: Int32
    private let bytes: [UInt8]

    /// Opens a file for reading.
    ///
    /// - Throws: ``OSMError/Kind/io(_:)`` if the file cannot be opened or sized.
    init(url: URL) throws(OSMError) {
        let path = url.path
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else {
            throw OSMError(.io("cannot open \(path): \(String(cString: strerror(errno)))"))
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            close(fd)
            throw OSMError(.io("cannot stat \(path): \(String(cString: strerror(errno)))"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw OSMError(.io("\(path) is not a regular file"))
        }
        descriptor = fd
        size = Int(info.st_size)
        bytes = []
    }

    /// Wraps bytes already in memory.
    init(bytes: [UInt8]) {
        descriptor = -1
        size = bytes.count
        self.bytes = bytes
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Reads exactly `count` bytes starting at `offset`; the caller guarantees `offset + count <= size`.
    ///
    /// - Throws: ``OSMError/Kind/io(_:)`` on a read error or if the file shrank.
    func read(at offset: Int, count: Int) throws(OSMError) -> [UInt8] {
        precondition(offset >= 0 && count >= 0 && count <= size - offset, "caller must bounds-check reads")
        if descriptor < 0 {
            return Array(bytes[offset..<(offset + count)])
        }
        var failure: String?
        let result = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            var done = 0
            while done < count, let base = buffer.baseAddress {
                let got = pread(descriptor, base + done, count - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failure = got < 0 ? String(cString: strerror(errno)) : "file shrank while reading"
                    break
                }
                done += got
            }
            initialized = done
        }
        if let failure { throw OSMError(.io(failure), fileOffset: offset) }
        return result
    }
}
