/// One framed blob, read but not yet decoded: its `BlobHeader` type and the raw `Blob` message.
struct PBFRawBlob: Sendable {
    /// 0-based position in the file (the `OSMHeader` blob is 0).
    var blobIndex: Int
    /// Offset of the blob's 4-byte length prefix in the file.
    var fileOffset: Int
    /// `BlobHeader.type`, e.g. `OSMHeader` or `OSMData`.
    var type: String
    /// The encoded `Blob` message (`BlobHeader.datasize` bytes).
    var blob: [UInt8]
}

/// Splits a PBF file into blobs: 4-byte big-endian length, `BlobHeader`, `Blob`.
///
/// Every declared size is checked against the spec limits (``maxBlobHeaderSize``,
/// ``maxBlobSize``) and the bytes remaining in the file before anything is allocated.
///
/// Follows https://wiki.openstreetmap.org/wiki/PBF_Format#File_format (`fileformat.proto`).
///
/// - Complexity: O(blob size) per blob; memory holds one blob at a time.
struct PBFBlobScanner {
    /// The spec's hard limit on a `BlobHeader` (64 KiB).
    static let maxBlobHeaderSize = 64 * 1024
    /// The spec's hard limit on a `Blob`, compressed or not (32 MiB).
    static let maxBlobSize = 32 * 1024 * 1024

    private let source: PBFByteSource
    /// Offset of the next blob's length prefix.
    private(set) var offset = 0
    /// Index the next blob will get.
    private(set) var blobIndex = 0

    /// A scanner positioned at the start of `source`.
    init(source: PBFByteSource) {
        self.source = source
    }

    /// Reads the next blob, or returns `nil` at a clean end of file.
    ///
    /// - Throws: ``OSMError`` for truncation, sizes over the limits, or a bad `BlobHeader`.
    mutating func next() throws(OSMError) -> PBFRawBlob? {
        let start = offset
        let index = blobIndex
        let available = source.size - start
        if available == 0 { return nil }
        guard available >= 4 else {
            throw OSMError(
                .truncatedBlobHeader(needed: 4, available: available), blobIndex: index, fileOffset: start)
        }
        let prefix = try source.read(at: start, count: 4)
        let headerSize = prefix.reduce(0) { ($0 << 8) | Int($1) }
        guard headerSize <= Self.maxBlobHeaderSize else {
            throw OSMError(
                .blobHeaderTooLarge(size: headerSize, limit: Self.maxBlobHeaderSize), blobIndex: index,
                fileOffset: start)
        }
        guard headerSize <= available - 4 else {
            throw OSMError(
                .truncatedBlobHeader(needed: headerSize, available: available - 4), blobIndex: index,
                fileOffset: start + 4)
        }
        let headerBytes = try source.read(at: start + 4, count: headerSize)
        let (type, dataSize) = try Self.decodeBlobHeader(headerBytes, blobIndex: index, fileOffset: start)
        guard dataSize >= 0, dataSize <= Self.maxBlobSize else {
            throw OSMError(
                .blobTooLarge(size: dataSize, limit: Self.maxBlobSize), blobIndex: index, fileOffset: start)
        }
        let blobStart = start + 4 + headerSize
        guard dataSize <= source.size - blobStart else {
            throw OSMError(
                .truncatedBlob(needed: dataSize, available: source.size - blobStart), blobIndex: index,
                fileOffset: blobStart)
        }
        let blob = try source.read(at: blobStart, count: dataSize)
        offset = blobStart + dataSize
        blobIndex += 1
        return PBFRawBlob(blobIndex: index, fileOffset: start, type: type, blob: blob)
    }

    /// Decodes `BlobHeader { required string type = 1; optional bytes indexdata = 2; required int32 datasize = 3; }`.
    static func decodeBlobHeader(_ bytes: [UInt8], blobIndex: Int, fileOffset: Int) throws(OSMError) -> (
        String, Int
    ) {
        let decoded: Result<(String?, Int32?), ProtobufError> = bytes.withUnsafeBytes { buffer in
            var reader = ProtobufReader(buffer)
            var type: String?
            var dataSize: Int32?
            do throws(ProtobufError) {
                while let field = try reader.nextField() {
                    switch field.number {
                    case 1: type = try reader.string(field)
                    case 3: dataSize = try reader.int32(field)
                    default: try reader.skip(field)
                    }
                }
            } catch {
                return .failure(error)
            }
            return .success((type, dataSize))
        }
        switch decoded {
        case .failure(let error):
            throw OSMError(.protobuf(error), blobIndex: blobIndex, fileOffset: fileOffset)
        case .success((let type?, let dataSize?)):
            return (type, Int(dataSize))
        case .success:
            throw OSMError(
                .malformed("BlobHeader lacks type or datasize"), blobIndex: blobIndex, fileOffset: fileOffset)
        }
    }
}
