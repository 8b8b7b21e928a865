import CZlib

/// Inflation of gzip (RFC 1952) data with the system zlib.
enum Gzip {
    /// Whether `bytes` start with the gzip magic number (1f 8b).
    static func isCompressed(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b
    }

    /// The inflated contents of every gzip member in `bytes`, concatenated (as `gzip -d` does).
    ///
    /// - Throws: ``GazetteerError/Kind/decompressionFailed(status:)`` for corrupt or truncated
    ///   data, ``GazetteerError/Kind/tooLarge(limit:)`` once the output passes `limit` bytes.
    static func inflate(_ bytes: [UInt8], limit: Int) throws(GazetteerError) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(min(limit, bytes.count * 4))
        var scratch = [UInt8](repeating: 0, count: 1 << 20)
        var stream = z_stream()
        // 15 + 16: a gzip wrapper with the largest window.
        var status = inflateInit2_(&stream, 15 + 16, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw GazetteerError(.decompressionFailed(status: status)) }
        defer { inflateEnd(&stream) }
        var tooLarge = false
        bytes.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = uInt(input.count)
            scratch.withUnsafeMutableBufferPointer { chunk in
                while true {
                    stream.next_out = chunk.baseAddress
                    stream.avail_out = uInt(chunk.count)
                    status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    let produced = chunk.count - Int(stream.avail_out)
                    guard output.count + produced <= limit else {
                        tooLarge = true
                        return
                    }
                    output.append(contentsOf: chunk[0..<produced])
                    if status == Z_STREAM_END {
                        // Another member may follow; trailing bytes that are not gzip are an error.
                        guard stream.avail_in > 0 else { return }
                        status = inflateReset(&stream)
                        guard status == Z_OK else { return }
                        continue
                    }
                    guard status == Z_OK else { return }
                    // No progress with all input consumed: the stream is truncated.
                    if stream.avail_in == 0 && produced == 0 {
                        status = Z_BUF_ERROR
                        return
                    }
                }
            }
        }
        if tooLarge { throw GazetteerError(.tooLarge(limit: limit)) }
        guard status == Z_STREAM_END else { throw GazetteerError(.decompressionFailed(status: status)) }
        return output
    }
}
