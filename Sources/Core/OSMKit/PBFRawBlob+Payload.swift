import CZlib

/// Unpacking a `Blob` message into its payload (`fileformat.proto`):
/// `Blob { optional bytes raw = 1; optional int32 raw_size = 2; optional bytes zlib_data = 3;
/// optional bytes lzma_data = 4; optional bytes OBSOLETE_bzip2_data = 5; optional bytes lz4_data = 6;
/// optional bytes zstd_data = 7; }`.
extension PBFRawBlob {
    /// Where the payload of a blob lives.
    private enum Payload {
        case raw(Range<Int>)
        case zlib(Range<Int>, rawSize: Int)
    }

    /// Calls `body` with the blob's uncompressed payload (borrowed for `raw`, inflated for `zlib`).
    ///
    /// `raw_size` is checked against the 32 MiB limit before any buffer is allocated, and the
    /// inflated size must equal it exactly.
    ///
    /// - Throws: ``OSMError`` naming this blob for unsupported compressions, missing data, bad
    ///   `raw_size`, zlib failures, and whatever `body` throws.
    /// - Complexity: O(raw size).
    func withPayload<R>(_ body: (UnsafeRawBufferPointer) throws(OSMError) -> R) throws(OSMError) -> R {
        let payload = try locatePayload()
        switch payload {
        case .raw(let range):
            let result: Result<R, OSMError> = blob.withUnsafeBytes { buffer in
                do throws(OSMError) {
                    return .success(try body(UnsafeRawBufferPointer(rebasing: buffer[range])))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        case .zlib(let range, let rawSize):
            let inflated = try inflate(range, rawSize: rawSize)
            let result: Result<R, OSMError> = inflated.withUnsafeBytes { buffer in
                do throws(OSMError) {
                    return .success(try body(buffer))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }
    }

    /// An estimate, before decoding, of the most memory the decoded block can take: 16 × the payload
    /// size (2 payload bytes per tag decode to a 32-byte ``OSMTag``, the largest expansion of
    /// `osmformat.proto`); an undecodable blob costs its encoded size.
    var worstCaseDecodedBytes: Int {
        let payloadSize: Int
        switch try? locatePayload() {
        case .raw(let range)?: payloadSize = range.count
        case .zlib(_, let rawSize)?: payloadSize = rawSize
        case nil: payloadSize = blob.count
        }
        return 16 * max(payloadSize, 1)
    }

    /// Finds the payload field and validates `raw_size`.
    private func locatePayload() throws(OSMError) -> Payload {
        let names: [UInt32: String] = [4: "lzma", 5: "bzip2", 6: "lz4", 7: "zstd"]
        let scanned:
            Result<(raw: Range<Int>?, zlib: Range<Int>?, rawSize: Int32?, other: String?), ProtobufError> =
                blob.withUnsafeBytes { buffer in
                    var reader = ProtobufReader(buffer)
                    var raw: Range<Int>?
                    var zlib: Range<Int>?
                    var rawSize: Int32?
                    var other: String?
                    do throws(ProtobufError) {
                        while let field = try reader.nextField() {
                            switch field.number {
                            case 1:
                                let sub = try reader.message(field)
                                raw = sub.position..<sub.end
                            case 2: rawSize = try reader.int32(field)
                            case 3:
                                let sub = try reader.message(field)
                                zlib = sub.position..<sub.end
                            case 4, 5, 6, 7:
                                other = other ?? names[field.number]
                                try reader.skip(field)
                            default: try reader.skip(field)
                            }
                        }
                    } catch {
                        return .failure(error)
                    }
                    return .success((raw, zlib, rawSize, other))
                }
        let fields: (raw: Range<Int>?, zlib: Range<Int>?, rawSize: Int32?, other: String?)
        switch scanned {
        case .failure(let error): throw failure(.protobuf(error))
        case .success(let value): fields = value
        }
        if let raw = fields.raw { return .raw(raw) }
        if let zlib = fields.zlib {
            let limit = PBFBlobScanner.maxBlobSize
            guard let rawSize = fields.rawSize, rawSize >= 0, Int(rawSize) <= limit else {
                throw failure(.rawSizeTooLarge(size: Int(fields.rawSize ?? -1), limit: limit))
            }
            return .zlib(zlib, rawSize: Int(rawSize))
        }
        if let other = fields.other { throw failure(.unsupportedCompression(other)) }
        throw failure(.missingBlobData)
    }

    /// Inflates `blob[range]` into exactly `rawSize` bytes with zlib.
    private func inflate(_ range: Range<Int>, rawSize: Int) throws(OSMError) -> [UInt8] {
        var status: Int32 = Z_OK
        var produced = 0
        var overflowed = false
        let output = [UInt8](unsafeUninitializedCapacity: max(rawSize, 1)) { out, initialized in
            initialized = 0
            blob.withUnsafeBytes { input in
                guard let inBase = input.baseAddress, let outBase = out.baseAddress else {
                    status = Z_BUF_ERROR
                    return
                }
                var stream = z_stream()
                status = inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
                guard status == Z_OK else { return }
                defer { inflateEnd(&stream) }
                stream.next_in = UnsafeMutablePointer(
                    mutating: (inBase + range.lowerBound).assumingMemoryBound(to: Bytef.self))
                stream.avail_in = uInt(range.count)
                stream.next_out = outBase
                stream.avail_out = uInt(rawSize)
                status = CZlib.inflate(&stream, Z_FINISH)
                produced = Int(stream.total_out)
                if status != Z_STREAM_END && stream.avail_out == 0
                    && (status == Z_OK || status == Z_BUF_ERROR)
                {
                    overflowed = true
                    produced += Self.countRemainingOutput(&stream)
                }
            }
            initialized = min(produced, rawSize)
        }
        if overflowed {
            throw failure(.rawSizeMismatch(declared: rawSize, actual: produced))
        }
        guard status == Z_STREAM_END else { throw failure(.decompressionFailed(status: status)) }
        guard produced == rawSize else {
            throw failure(.rawSizeMismatch(declared: rawSize, actual: produced))
        }
        return output
    }

    /// Counts how many more bytes the stream would produce, stopping past the blob size limit.
    private static func countRemainingOutput(_ stream: inout z_stream) -> Int {
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        var extra = 0
        while extra <= PBFBlobScanner.maxBlobSize {
            let status: Int32 = scratch.withUnsafeMutableBufferPointer { buffer in
                stream.next_out = buffer.baseAddress
                stream.avail_out = uInt(buffer.count)
                let status = CZlib.inflate(&stream, Z_FINISH)
                extra += buffer.count - Int(stream.avail_out)
                return status
            }
            if status != Z_OK && status != Z_BUF_ERROR { break }
            if stream.avail_out != 0 { break }
        }
        return extra
    }

    /// An ``OSMError`` located at this blob.
    func failure(_ kind: OSMError.Kind) -> OSMError {
        OSMError(kind, blobIndex: blobIndex, fileOffset: fileOffset)
    }
}
