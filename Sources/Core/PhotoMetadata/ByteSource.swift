#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Bounds-checked random access to a file (through `pread`) or to bytes in memory.
///
/// A file is read lazily in chunks: the first read loads ``firstChunk`` bytes, and a later read
/// outside every loaded chunk loads a new one at that offset (at least ``minimumChunk`` bytes), so a
/// reader touches only the parts of a file that offsets point to. Every read is checked against
/// the file's size first, one read may not exceed ``maximumRead`` bytes, and the bytes loaded per
/// file are capped at ``maximumTotal``: hostile offsets give a typed error, never a large read.
///
/// - Complexity: a read is O(loaded chunks) to find its chunk (a handful) plus O(count) to load it.
final class ByteSource {
    /// Bytes loaded by the first read of a file.
    static let firstChunk = 32 * 1024
    /// The smallest chunk loaded on a miss.
    static let minimumChunk = 16 * 1024
    /// The largest single read.
    static let maximumRead = 16 * 1024 * 1024
    /// The most bytes loaded from one file.
    static let maximumTotal = 64 * 1024 * 1024

    /// Total size in bytes.
    let size: Int
    /// Added to offsets in errors (the position of these bytes in the file they were cut from).
    let reportedOrigin: Int
    private let descriptor: Int32
    private var chunks: [(start: Int, bytes: [UInt8])] = []
    private var loaded = 0

    /// Opens a regular file for reading; the caller must call ``closeFile()``.
    init(path: String) throws(PhotoMetadataError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw PhotoMetadataError(.io("cannot open \(path): \(Self.lastError())")) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let detail = Self.lastError()
            closeDescriptor(fd)
            throw PhotoMetadataError(.io("cannot stat \(path): \(detail)"))
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            closeDescriptor(fd)
            throw PhotoMetadataError(.io("\(path) is not a regular file"))
        }
        descriptor = fd
        size = Int(info.st_size)
        reportedOrigin = 0
    }

    /// Wraps bytes in memory that sit at `reportedOrigin` in their file.
    init(bytes: [UInt8], reportedOrigin: Int = 0) {
        descriptor = -1
        size = bytes.count
        self.reportedOrigin = reportedOrigin
        chunks = [(0, bytes)]
    }

    /// Closes the file (nothing for bytes in memory); later reads of unloaded ranges fail.
    func closeFile() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
    }

    /// The `count` bytes at `offset`, or an error naming `what` if they are not all in the data.
    func bytes(at offset: Int, count: Int, what: String) throws(PhotoMetadataError) -> ArraySlice<UInt8> {
        guard offset >= 0, count >= 0, offset <= size else {
            throw PhotoMetadataError(
                .malformed("\(what): offset \(offset) is outside the \(size)-byte data"),
                at: reportedOrigin + max(0, min(offset, size)))
        }
        guard count <= size - offset else {
            throw PhotoMetadataError(
                .truncated(what: what, needed: count, available: size - offset),
                at: reportedOrigin + offset)
        }
        for chunk in chunks where offset >= chunk.start && offset + count <= chunk.start + chunk.bytes.count {
            let from = offset - chunk.start
            return chunk.bytes[from..<(from + count)]
        }
        return try load(at: offset, count: count, what: what)
    }

    /// The byte at `offset`.
    @inline(__always)
    func u8(at offset: Int, what: String) throws(PhotoMetadataError) -> UInt8 {
        try bytes(at: offset, count: 1, what: what).first ?? 0
    }

    /// The 16-bit unsigned integer at `offset`.
    @inline(__always)
    func u16(at offset: Int, bigEndian: Bool, what: String) throws(PhotoMetadataError) -> UInt16 {
        let b = try bytes(at: offset, count: 2, what: what)
        let i = b.startIndex
        return bigEndian ? UInt16(b[i]) << 8 | UInt16(b[i + 1]) : UInt16(b[i + 1]) << 8 | UInt16(b[i])
    }

    /// The 32-bit unsigned integer at `offset`.
    @inline(__always)
    func u32(at offset: Int, bigEndian: Bool, what: String) throws(PhotoMetadataError) -> UInt32 {
        let b = try bytes(at: offset, count: 4, what: what)
        let i = b.startIndex
        let (b0, b1, b2, b3) = (UInt32(b[i]), UInt32(b[i + 1]), UInt32(b[i + 2]), UInt32(b[i + 3]))
        return bigEndian ? b0 << 24 | b1 << 16 | b2 << 8 | b3 : b3 << 24 | b2 << 16 | b1 << 8 | b0
    }

    /// The big-endian unsigned integer of `width` bytes (0, 1, 2, 4 or 8) at `offset`.
    func uint(at offset: Int, width: Int, what: String) throws(PhotoMetadataError) -> UInt64 {
        let b = try bytes(at: offset, count: width, what: what)
        return b.reduce(0) { $0 << 8 | UInt64($1) }
    }

    private func load(at offset: Int, count: Int, what: String) throws(PhotoMetadataError) -> ArraySlice<
        UInt8
    > {
        guard descriptor >= 0 else {
            throw PhotoMetadataError(.io("\(what): bytes not in memory"), at: reportedOrigin + offset)
        }
        guard count <= Self.maximumRead else {
            throw PhotoMetadataError(
                .limitExceeded(what: "\(what) read of bytes", value: count, limit: Self.maximumRead),
                at: offset)
        }
        let wanted = chunks.isEmpty ? Self.firstChunk : Self.minimumChunk
        let length = min(max(count, wanted), size - offset)
        guard loaded + length <= Self.maximumTotal else {
            throw PhotoMetadataError(
                .limitExceeded(
                    what: "bytes loaded from one file", value: loaded + length, limit: Self.maximumTotal),
                at: offset)
        }
        var failure: String?
        let buffer = [UInt8](unsafeUninitializedCapacity: length) { buffer, initialized in
            var done = 0
            while done < length, let base = buffer.baseAddress {
                let got = pread(descriptor, base + done, length - done, off_t(offset + done))
                if got < 0 && errno == EINTR { continue }
                if got <= 0 {
                    failure = got < 0 ? Self.lastError() : "file shrank while reading"
                    break
                }
                done += got
            }
            initialized = done
        }
        if let failure { throw PhotoMetadataError(.io(failure), at: offset) }
        loaded += length
        // Keep the handful of chunks a file needs; the oldest non-first chunk makes room.
        if chunks.count >= 8 { chunks.remove(at: 1) }
        chunks.append((offset, buffer))
        return buffer[0..<count]
    }

    private static func lastError() -> String { String(cString: strerror(errno)) }
}

/// `close(2)`, named apart from ``ByteSource/closeFile()``.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}
