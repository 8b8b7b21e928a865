import Foundation
import LibraryKit

/// Export and import of a whole ``Library`` (or one list) in JSON, CSV, KML 2.2 and GPX 1.1.
///
/// Each format round-trips: importing an export gives back an equal (normalised) library. KML
/// and GPX carry what their own elements cannot (ids, tags, lists, history, weights) in Loci's
/// namespace (``lociLibraryNamespace``), which both schemas allow; files from other tools import
/// as custom bookmarks. Import reads at most ``maximumFileSize`` bytes, refuses malformed or
/// hostile input (DTDs and entities, over-long fields, wrong types) with a ``LibraryError`` naming
/// the line or record, and checks the whole library before anything is returned.
public enum LibraryExchange {
    /// Largest file import reads (64 MiB: about 200,000 bookmarks in any format).
    public static let maximumFileSize = 64 << 20

    /// The library in `format`, as UTF-8 bytes.
    public static func export(_ library: Library, format: ExchangeFormat) -> [UInt8] {
        let library = library.normalized()
        switch format {
        case .json: return JSONLibraryFormat.write(library)
        case .csv: return CSVLibraryFormat.write(library)
        case .kml: return KMLLibraryFormat.write(library)
        case .gpx: return GPXLibraryFormat.write(library)
        }
    }

    /// The library in `bytes` of `format`, normalised and checked. `now` dates records a foreign
    /// file gives no time for.
    public static func read(_ bytes: [UInt8], format: ExchangeFormat, now: Date) throws(LibraryError)
        -> Library
    {
        guard bytes.count <= maximumFileSize else {
            throw LibraryError("larger than \(maximumFileSize >> 20) MiB (\(bytes.count) bytes)")
        }
        let library: Library
        switch format {
        case .json: library = try JSONLibraryFormat.read(bytes)
        case .csv: library = try CSVLibraryFormat.read(bytes, now: now)
        case .kml: library = try KMLLibraryFormat.read(bytes, now: now)
        case .gpx: library = try GPXLibraryFormat.read(bytes, now: now)
        }
        let normalized = library.normalized()
        try normalized.check()
        return normalized
    }

    /// Writes the export to `path` atomically (a temporary file renamed into place).
    public static func export(_ library: Library, format: ExchangeFormat, to path: String)
        throws(LibraryError)
    {
        do {
            try Data(export(library, format: format)).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw LibraryError("cannot write: \(error.localizedDescription)", at: path)
        }
    }

    /// Reads the file at `path` (format from `format`, else its extension).
    public static func read(path: String, format: ExchangeFormat? = nil, now: Date) throws(LibraryError)
        -> Library
    {
        guard let format = format ?? ExchangeFormat(fileName: path) else {
            throw LibraryError("cannot tell the format from the name; give json, csv, kml or gpx", at: path)
        }
        let bytes: [UInt8]
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: maximumFileSize + 1) ?? Data()
            bytes = [UInt8](data)
        } catch {
            throw LibraryError("cannot read: \(error.localizedDescription)", at: path)
        }
        do {
            return try read(bytes, format: format, now: now)
        } catch {
            throw error.within(path)
        }
    }
}
