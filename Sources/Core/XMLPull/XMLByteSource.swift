#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where an ``XMLPullReader`` gets its bytes, a chunk at a time.
public protocol XMLByteSource {
    /// Copies the next bytes into `buffer` and returns how many; 0 means the input has ended.
    ///
    /// May return fewer bytes than `buffer` holds. A thrown error becomes ``XMLError/Kind/io(_:)``.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// Bytes in memory, handed out in chunks of at most `chunkSize` (tests use tiny chunks to exercise
/// every token split across reads).
public struct XMLBytesSource: XMLByteSource {
    private let bytes: [UInt8]
    private let chunkSize: Int
    private var offset = 0

    /// A source over `bytes`, at most `chunkSize` (≥ 1) bytes per read.
    public init(_ bytes: [UInt8], chunkSize: Int = .max) {
        self.bytes = bytes
        self.chunkSize = max(1, chunkSize)
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = min(buffer.count, chunkSize, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { source in
            buffer.baseAddress!.copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}

/// A file read with `read(2)` as the reader asks (64 KiB at a time by default), so a file of any
/// size streams through a bounded buffer. Closes the file when released.
public final class XMLFileSource: XMLByteSource {
    private let descriptor: Int32
    /// The path, for messages.
    public let path: String

    /// Opens `path` for reading.
    ///
    /// - Throws: ``XMLError`` of kind ``XMLError/Kind/io(_:)`` when the file cannot be opened.
    public init(path: String) throws(XMLError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw XMLError(.io("cannot open \(path): \(Self.systemMessage())"), at: .start)
        }
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let count = readFile(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            if errno != EINTR {
                throw XMLSourceFailure(message: "cannot read \(path): \(Self.systemMessage())")
            }
        }
    }

    private static func systemMessage() -> String { String(cString: strerror(errno)) }
}

/// `read(2)`, named apart from ``XMLFileSource/read(into:)``.
private func readFile(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// A byte source's failure, with its message.
struct XMLSourceFailure: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
