import Foundation

/// What identifies the source a cache was built from: its size and modification time.
public struct SourceFingerprint: Sendable, Hashable {
    /// Size in bytes.
    public var size: UInt64
    /// Modification time in nanoseconds since 1970.
    public var modified: Int64

    /// A fingerprint from its parts.
    public init(size: UInt64, modified: Int64) {
        self.size = size
        self.modified = modified
    }

    /// The fingerprint of the file at `url`.
    public init(of url: URL) throws(RoadGraphError) {
        do {
            let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
            size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            let date = attributes[.modificationDate] as? Date ?? Date(timeIntervalSince1970: 0)
            modified = Int64((date.timeIntervalSince1970 * 1e9).rounded())
        } catch {
            throw .unreadableSource(path: url.path, message: error.localizedDescription)
        }
    }
}

extension RoadGraph {
    /// The cache format: 8 magic bytes, then 7 little-endian UInt64 (source size, source time,
    /// nodes, edges, names, name bytes, FNV-1a 64 checksum of the payload), then the arrays.
    static let cacheMagic = Array("LOCIRG01".utf8)
    static let cacheHeaderSize = 64

    /// Writes the graph to `url` (atomically: a reader never sees half a file).
    public func write(cache url: URL, source: SourceFingerprint) throws(RoadGraphError) {
        var payload = Data()
        func append<T>(_ array: [T]) { array.withUnsafeBytes { payload.append(contentsOf: $0) } }
        append(latitudes)
        append(longitudes)
        append(osmNodeIDs)
        append(firstEdge)
        append(edgeTarget)
        append(edgeLength)
        append(edgeModes)
        append(edgeCarSpeed)
        append(edgeClass)
        append(edgeName)
        append(edgeWay)
        let nameBytes = Array(names.joined(separator: "\0").utf8)
        payload.append(contentsOf: nameBytes)
        var file = Data(Self.cacheMagic)
        for value in [
            source.size, UInt64(bitPattern: source.modified), UInt64(nodeCount), UInt64(edgeCount),
            UInt64(names.count), UInt64(nameBytes.count), Self.checksum(payload),
        ] {
            withUnsafeBytes(of: value.littleEndian) { file.append(contentsOf: $0) }
        }
        file.append(payload)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try file.write(to: url, options: .atomic)
        } catch {
            throw .unwritableCache(path: url.path, message: error.localizedDescription)
        }
    }

    /// Reads a graph written by ``write(cache:source:)`` and validates it.
    ///
    /// - Parameter expected: when given, the cache must have been built from a source with this fingerprint.
    /// - Throws: ``RoadGraphError/invalidCache(path:offset:message:)`` for a missing, foreign, stale,
    ///   truncated or damaged file (never a crash, whatever the bytes).
    public init(cache url: URL, expected: SourceFingerprint?) throws(RoadGraphError) {
        let path = url.path
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .invalidCache(path: path, offset: nil, message: error.localizedDescription)
        }
        var reader = CacheReader(bytes: [UInt8](data), path: path)
        guard try reader.bytes(8) == Self.cacheMagic else {
            throw .invalidCache(path: path, offset: 0, message: "not a Loci road graph cache (version 1)")
        }
        let header = try (0..<7).map { _ throws(RoadGraphError) in try reader.uint64() }
        let source = SourceFingerprint(size: header[0], modified: Int64(bitPattern: header[1]))
        if let expected, expected != source {
            throw .invalidCache(path: path, offset: 8, message: "built from another version of the source")
        }
        let payloadStart = reader.offset
        guard Self.checksum(data[payloadStart...]) == header[6] else {
            throw .invalidCache(path: path, offset: payloadStart, message: "checksum mismatch (damaged file)")
        }
        let n = try reader.count(header[2], "node count")
        let m = try reader.count(header[3], "edge count")
        let nameCount = try reader.count(header[4], "name count")
        let nameByteCount = try reader.count(header[5], "name bytes")
        self.init(
            latitudes: try reader.array(n), longitudes: try reader.array(n), osmNodeIDs: try reader.array(n),
            firstEdge: try reader.array(n + 1), edgeTarget: try reader.array(m),
            edgeLength: try reader.array(m),
            edgeModes: try reader.array(m), edgeCarSpeed: try reader.array(m), edgeClass: try reader.array(m),
            edgeName: try reader.array(m), edgeWay: try reader.array(m), names: [])
        let nameBytes = try reader.bytes(nameByteCount)
        names =
            nameCount == 0
            ? []
            : nameBytes.split(separator: 0, omittingEmptySubsequences: false).map {
                String(decoding: $0, as: UTF8.self)
            }
        guard names.count == nameCount else {
            throw .invalidCache(
                path: path, offset: reader.offset,
                message: "expected \(nameCount) names, found \(names.count)")
        }
        guard reader.offset == data.count else {
            throw .invalidCache(
                path: path, offset: reader.offset, message: "\(data.count - reader.offset) trailing bytes")
        }
        do { try validate() } catch {
            throw .invalidCache(path: path, offset: nil, message: error.description)
        }
    }

    /// The graph of `pbf`: from the cache in `cacheDirectory` when it matches the source, else built
    /// and cached there (a cache that cannot be written is skipped, not an error).
    ///
    /// - Returns: the graph and whether it came from the cache.
    public static func load(pbf: URL, cacheDirectory: URL) throws(RoadGraphError) -> (
        graph: RoadGraph, fromCache: Bool
    ) {
        let fingerprint = try SourceFingerprint(of: pbf)
        let cache = cacheDirectory.appendingPathComponent(pbf.lastPathComponent + ".roadgraph")
        if let cached = try? RoadGraph(cache: cache, expected: fingerprint) { return (cached, true) }
        let graph = try RoadGraph(contentsOfPBF: pbf)
        try? graph.write(cache: cache, source: fingerprint)
        return (graph, false)
    }

    /// FNV-1a, 64-bit (Fowler, Noll, Vo): cheap and enough to catch a damaged file.
    static func checksum<D: DataProtocol>(_ bytes: D) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for region in bytes.regions {
            region.withUnsafeBytes { raw in
                for byte in raw {
                    hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
        }
        return hash
    }
}

/// Reads the cache's fields, refusing to read past the end.
private struct CacheReader {
    let bytes: [UInt8]
    let path: String
    var offset = 0

    mutating func bytes(_ count: Int) throws(RoadGraphError) -> [UInt8] {
        guard count >= 0, count <= bytes.count - offset else {
            throw .invalidCache(path: path, offset: offset, message: "truncated (wanted \(count) more bytes)")
        }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func uint64() throws(RoadGraphError) -> UInt64 {
        let raw = try bytes(8)
        return raw.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// A count from the header, refused when it could not fit in the file.
    func count(_ value: UInt64, _ what: String) throws(RoadGraphError) -> Int {
        guard value <= UInt64(bytes.count) else {
            throw .invalidCache(path: path, offset: nil, message: "\(what) \(value) exceeds the file size")
        }
        return Int(value)
    }

    mutating func array<T>(_ count: Int) throws(RoadGraphError) -> [T] {
        let (size, overflow) = count.multipliedReportingOverflow(by: MemoryLayout<T>.stride)
        guard !overflow else { throw .invalidCache(path: path, offset: offset, message: "array too large") }
        let raw = try bytes(size)
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            raw.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: source)
            }
            initialized = count
        }
    }
}
