import Foundation

/// Reads OpenStreetMap `.osm.pbf` files: the header and the data blocks, decoded in parallel and
/// delivered in file order.
///
/// Follows https://wiki.openstreetmap.org/wiki/PBF_Format (`fileformat.proto`, `osmformat.proto`):
/// blobs of at most 64 KiB header and 32 MiB data, `raw` or `zlib` compression, required features
/// limited to ``OSMHeader/supportedRequiredFeatures``.
///
/// Memory is bounded by ``maximumBlocksInFlight`` blocks and by ``maximumDecodedBytesInFlight``
/// (a block decodes to at most ~16 × its raw payload, itself at most 32 MiB) whatever the file says;
/// hostile input produces an ``OSMError`` naming the blob index and file offset.
///
/// ```swift
/// let reader = PBFReader(url: URL(fileURLWithPath: "monaco.osm.pbf"))
/// try reader.forEachBlock { block in print(block.nodes.count) }
/// ```
public struct PBFReader: Sendable {
    private enum Input: Sendable {
        case file(URL)
        case bytes([UInt8])
    }

    private let input: Input

    /// How many data blocks may be decoding or awaiting delivery at once (≥ 1).
    /// Defaults to twice the number of active processors.
    public var maximumBlocksInFlight: Int

    /// Worst-case decoded bytes that may be in flight at once (estimated before decoding as 16 × each
    /// blob's raw payload size); at least one block is always admitted. Defaults to 1 GiB, which
    /// never limits ordinary files (a typical block estimates at 16–32 MiB) but stops a small
    /// "decompression bomb" file from holding `maximumBlocksInFlight` × 512 MiB of decoded tags.
    public var maximumDecodedBytesInFlight = 1 << 30

    /// A reader for the file at `url` (opened on each read).
    public init(url: URL) {
        input = .file(url)
        maximumBlocksInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount
    }

    /// A reader for a PBF file already in memory.
    public init(data: Data) {
        self.init(bytes: [UInt8](data))
    }

    /// A reader for a PBF file already in memory.
    public init(bytes: [UInt8]) {
        input = .bytes(bytes)
        maximumBlocksInFlight = 2 * ProcessInfo.processInfo.activeProcessorCount
    }

    /// Opens a fresh byte source.
    private func openSource() throws(OSMError) -> PBFByteSource {
        switch input {
        case .file(let url): return try PBFByteSource(url: url)
        case .bytes(let bytes): return PBFByteSource(bytes: bytes)
        }
    }

    /// Reads and validates the first blob, which must be `OSMHeader`.
    private static func readHeader(_ scanner: inout PBFBlobScanner) throws(OSMError) -> OSMHeader {
        let offset = scanner.offset
        guard let first = try scanner.next() else {
            throw OSMError(.missingHeader(foundType: nil), blobIndex: 0, fileOffset: offset)
        }
        guard first.type == "OSMHeader" else { throw first.failure(.missingHeader(foundType: first.type)) }
        return try OSMHeader.decode(first)
    }

    /// Reads the file's header block.
    ///
    /// - Throws: ``OSMError`` if the file is unreadable, does not start with `OSMHeader`, or
    ///   requires a feature outside ``OSMHeader/supportedRequiredFeatures``.
    /// - Complexity: O(size of the first blob).
    public func header() throws(OSMError) -> OSMHeader {
        var scanner = PBFBlobScanner(source: try openSource())
        return try Self.readHeader(&scanner)
    }

    /// Decodes every `OSMData` block and calls `body` with each, in file order, on the calling thread.
    ///
    /// Blobs are read sequentially and decoded concurrently (at most ``maximumBlocksInFlight`` at once).
    /// Blocks before a damaged blob are delivered before its error is thrown. Blobs of unknown
    /// type are skipped.
    ///
    /// - Throws: ``OSMError`` for unreadable or invalid input; rethrows whatever `body` throws.
    /// - Complexity: O(file size) time; memory O(``maximumBlocksInFlight`` × block size).
    public func forEachBlock(_ body: (OSMBlock) throws -> Void) throws {
        _ = try scan(body)
    }

    /// The implementation of ``forEachBlock(_:)``; returns the header and the number of blobs read.
    func scan(_ body: (OSMBlock) throws -> Void) throws -> (header: OSMHeader, blobCount: Int) {
        var scanner = PBFBlobScanner(source: try openSource())
        let header = try Self.readHeader(&scanner)
        let pipeline = PBFDecodePipeline(window: maximumBlocksInFlight)
        defer { pipeline.cancelAndDrain() }
        var submitted = 0
        var delivered = 0
        var readFailure: OSMError?
        var exhausted = false
        var costs: [Int: Int] = [:]  // worst-case decoded bytes of each undelivered block
        var bytesInFlight = 0
        while true {
            while !exhausted, submitted - delivered < pipeline.window,
                  submitted == delivered || bytesInFlight < maximumDecodedBytesInFlight {
                do throws(OSMError) {
                    guard let raw = try scanner.next() else {
                        exhausted = true
                        break
                    }
                    guard raw.type == "OSMData" else { continue }
                    let cost = raw.worstCaseDecodedBytes
                    costs[submitted] = cost
                    bytesInFlight += cost
                    pipeline.submit(raw, index: submitted)
                    submitted += 1
                } catch {
                    readFailure = error
                    exhausted = true
                }
            }
            guard delivered < submitted else { break }
            let result = pipeline.take(delivered)
            bytesInFlight -= costs.removeValue(forKey: delivered) ?? 0
            delivered += 1
            try body(try result.get())
        }
        if let readFailure { throw readFailure }
        return (header, scanner.blobIndex)
    }

    /// Decodes the whole file into one block holding every element (convenient for small files).
    ///
    /// - Complexity: O(file size) time and memory.
    public func readAll() throws -> OSMBlock {
        var all = OSMBlock(index: 0, blobIndex: 0)
        try forEachBlock { block in
            all.nodes.append(contentsOf: block.nodes)
            all.ways.append(contentsOf: block.ways)
            all.relations.append(contentsOf: block.relations)
        }
        return all
    }
}
