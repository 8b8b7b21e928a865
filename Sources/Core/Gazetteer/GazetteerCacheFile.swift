import CZlib
import Foundation
import GeoKit

/// The binary cache format of ``Gazetteer/load(contentsOf:cacheAt:)``.
///
/// Layout (native byte order; the magic number fails to match on a machine of the other one):
/// a 96-byte header — magic `LOCIGZC1`, format version, `GazetteerRow` and `Coordinate`
/// strides, the source's size and modification time (seconds, nanoseconds), row count, text
/// byte count, CRC-32 of everything after the header — then the rows, the coordinates and
/// the text, each as raw memory.
enum GazetteerCacheFile {
    static let magic: UInt64 = 0x3143_5A47_4943_4F4C  // "LOCIGZC1" read as little-endian
    static let version: UInt64 = 1
    static let headerWords = 12

    /// What identifies a version of the source file.
    struct SourceStamp: Equatable {
        var size: UInt64
        var seconds: Int64
        var nanoseconds: Int64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            size = UInt64(info.st_size)
            #if canImport(Darwin)
                seconds = Int64(info.st_mtimespec.tv_sec)
                nanoseconds = Int64(info.st_mtimespec.tv_nsec)
            #else
                seconds = Int64(info.st_mtim.tv_sec)
                nanoseconds = Int64(info.st_mtim.tv_nsec)
            #endif
        }
    }

    /// Why the cache could not be written.
    struct WriteError: Error {
        var reason: String
    }

    private static func header(source: SourceStamp, rows: Int, text: Int, crc: UInt64) -> [UInt64] {
        [
            magic, version, UInt64(MemoryLayout<GazetteerRow>.stride),
            UInt64(MemoryLayout<Coordinate>.stride),
            source.size, UInt64(bitPattern: source.seconds), UInt64(bitPattern: source.nanoseconds),
            UInt64(rows), UInt64(text), crc, 0, 0,
        ]
    }

    /// CRC-32 of `bytes`, in chunks zlib's 32-bit lengths can take.
    private static func crc32(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var crc = CZlib.crc32(0, nil, 0)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, 1 << 30)
            crc = CZlib.crc32(
                crc, bytes.baseAddress!.advanced(by: offset).assumingMemoryBound(to: Bytef.self), uInt(length)
            )
            offset += length
        }
        return UInt64(crc)
    }

    /// The gazetteer in the cache at `path` when it is valid for `source`; nil otherwise.
    static func read(_ path: String, source: SourceStamp) -> Gazetteer? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Gazetteer? in
            let headerSize = headerWords * 8
            guard raw.count >= headerSize else { return nil }
            var words = [UInt64](repeating: 0, count: headerWords)
            words.withUnsafeMutableBytes {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[0..<headerSize]))
            }
            let rowCount = Int(clamping: words[7])
            let textCount = Int(clamping: words[8])
            let rowBytes = rowCount.multipliedReportingOverflow(by: MemoryLayout<GazetteerRow>.stride)
            let coordinateBytes = rowCount.multipliedReportingOverflow(by: MemoryLayout<Coordinate>.stride)
            guard !rowBytes.overflow, !coordinateBytes.overflow, textCount <= Gazetteer.maximumTextSize,
                raw.count == headerSize + rowBytes.partialValue + coordinateBytes.partialValue + textCount,
                Array(words[0..<7]) == Array(header(source: source, rows: 0, text: 0, crc: 0)[0..<7])
            else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: raw[headerSize...])
            guard crc32(body) == words[9] else { return nil }
            let rows = [GazetteerRow](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: body[0..<rowBytes.partialValue]))
                initialized = rowCount
            }
            let coordinateStart = rowBytes.partialValue
            let coordinates = [Coordinate](unsafeUninitializedCapacity: rowCount) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(
                        rebasing: body[coordinateStart..<coordinateStart + coordinateBytes.partialValue]))
                initialized = rowCount
            }
            let text = [UInt8](body[(coordinateStart + coordinateBytes.partialValue)...])
            // A matching CRC does not make a file trustworthy: check every span and coordinate.
            func fits(_ span: TextSpan) -> Bool { Int(span.start) + Int(span.count) <= text.count }
            for row in rows {
                guard fits(row.name), fits(row.countryCode), fits(row.admin1), fits(row.admin2),
                    fits(row.timeZone)
                else { return nil }
            }
            for c in coordinates
            where
                !(c.latitude.isFinite && abs(c.latitude) <= 90 && c.longitude.isFinite
                && abs(c.longitude) <= 180)
            {
                return nil
            }
            return Gazetteer(text: text, rows: rows, coordinates: coordinates)
        }
    }

    /// Writes the cache for `gazetteer` atomically: a temporary file beside `path`, synced,
    /// then renamed over it.
    static func write(_ gazetteer: Gazetteer, source: SourceStamp, to path: String) throws(WriteError) {
        var body = [UInt8]()
        let coordinates = gazetteer.index.coordinates
        body.reserveCapacity(
            gazetteer.rows.count * (MemoryLayout<GazetteerRow>.stride + MemoryLayout<Coordinate>.stride)
                + gazetteer.text.count)
        gazetteer.rows.withUnsafeBytes { body.append(contentsOf: $0) }
        coordinates.withUnsafeBytes { body.append(contentsOf: $0) }
        body.append(contentsOf: gazetteer.text)
        let crc = body.withUnsafeBytes { crc32($0) }
        var file = [UInt8]()
        header(source: source, rows: gazetteer.rows.count, text: gazetteer.text.count, crc: crc)
            .withUnsafeBytes { file.append(contentsOf: $0) }
        file.append(contentsOf: body)
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(reason: "cannot create \(temporary): \(String(cString: strerror(errno)))")
        }
        var failure: String?
        file.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = "cannot write \(temporary): \(String(cString: strerror(errno)))"
                    return
                }
                offset += written
            }
        }
        if failure == nil && fsync(descriptor) != 0 {
            failure = "cannot sync \(temporary): \(String(cString: strerror(errno)))"
        }
        close(descriptor)
        if failure == nil && rename(temporary, path) != 0 {
            failure = "cannot rename \(temporary) to \(path): \(String(cString: strerror(errno)))"
        }
        if let failure {
            unlink(temporary)
            throw WriteError(reason: failure)
        }
    }
}
