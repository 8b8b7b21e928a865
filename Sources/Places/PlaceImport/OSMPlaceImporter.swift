import Foundation
import OSMKit
import PlaceKit
import PlaceStore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports an OSM extract (`.osm.pbf`, or OSM XML when the name ends in `.osm` or `.xml`) into a
/// place store, atomically.
///
/// What is imported: places from tagged nodes and ways (`Place.fromOSM`; a way's place sits at
/// the mean of its distinct nodes), and buildings from closed ways tagged `building` or
/// `building:part` (`Building.fromOSM`), and the base map's streets from ways tagged `highway`
/// (`Street.fromOSM`, simplified). Relations are not imported (multipolygon buildings and
/// areas are counted in ``PlaceImportResult/Skipped/relations``).
///
/// Atomicity: the store is written to a temporary file beside the target
/// (`.<name>.<uuid>.importing`), finished (`VACUUM`), synced, and `rename(2)`d over the target,
/// then the directory is synced. On any error — unreadable or truncated input, disk full or
/// ``maximumDatabaseBytes`` reached, cancellation — the temporary file is deleted and the
/// previous database is left byte-for-byte untouched. Readers that have the old file open keep
/// reading it.
///
/// Memory: 16 bytes per node of the input (``NodeCoordinateTable``) plus the candidate ways' node
/// ids and tags, plus at most `PBFReader.maximumBlocksInFlight` decoded blocks.
public struct OSMPlaceImporter: Sendable {
    /// The registry deciding what is a place.
    public var registry: CategoryRegistry
    /// Places or buildings per write transaction.
    public var batchSize: Int
    /// When set, the new database may not grow past about this many bytes (the import then fails
    /// with a storage-full ``PlaceImportError/store(_:)``).
    public var maximumDatabaseBytes: Int?
    /// Extra key–value pairs written into the database's metadata (e.g. `time_zone`).
    public var metadata: [String: String] = [:]
    /// Called on the importing thread after every block read, every batch written while ways
    /// are resolved, and at each change of phase (the last call has phase `.done`). Keep it
    /// cheap: a block holds about 8,000 elements, so a large extract makes thousands of calls.
    public var progress: (@Sendable (PlaceImportProgress) -> Void)?

    /// Creates an importer.
    public init(registry: CategoryRegistry = .standard, batchSize: Int = 5_000, maximumDatabaseBytes: Int? = nil) {
        self.registry = registry
        self.batchSize = batchSize
        self.maximumDatabaseBytes = maximumDatabaseBytes
    }

    /// Imports `url` into the store at `databasePath`, replacing any previous store there only
    /// when the whole import succeeded.
    ///
    /// Checks for task cancellation between blocks.
    ///
    /// A file at `databasePath` that is not a place store (or empty) is never replaced: the import
    /// refuses before reading anything, naming what the file is.
    ///
    /// - Throws: ``PlaceImportError``; the target is then unchanged and no temporary file remains.
    /// - Complexity: O(file size + n log n) time for n nodes.
    public func `import`(from url: URL, into databasePath: String) throws(PlaceImportError) -> PlaceImportResult {
        let started = Date()
        let existing = try mapStore { () throws(PlaceStoreError) in try PlaceStoreFile.inspect(path: databasePath) }
        guard existing.isReplaceable else { throw .notAPlaceStore(path: databasePath, what: existing.summary) }
        let target = URL(fileURLWithPath: databasePath)
        let directory = target.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(target.lastPathComponent).\(UUID().uuidString).importing")
        var writer: PlaceStoreWriter?
        do throws(PlaceImportError) {
            let newWriter = try mapStore { () throws(PlaceStoreError) in
                try PlaceStoreWriter(path: temporary.path, maximumBytes: maximumDatabaseBytes)
            }
            writer = newWriter
            let report = progress ?? { _ in }
            var run = ImportRun(writer: newWriter, registry: registry, batchSize: batchSize, report: report)
            try read(url) { block throws(PlaceImportError) in
                if Task.isCancelled { throw .cancelled }
                try mapStore { () throws(PlaceStoreError) in try run.add(block) }
            }
            if Task.isCancelled { throw .cancelled }
            try mapStore { () throws(PlaceStoreError) in
                try run.finish()
                try newWriter.setMetadata("source", url.lastPathComponent)
                try newWriter.setMetadata("imported_at", ISO8601DateFormatter().string(from: Date()))
                for (key, value) in metadata.sorted(by: { $0.key < $1.key }) {
                    try newWriter.setMetadata(key, value)
                }
                try newWriter.finish()
            }
            if Task.isCancelled { throw .cancelled }
            try Self.sync(path: temporary.path, operation: "fsync")
            guard rename(temporary.path, target.path) == 0 else {
                throw .io(path: target.path, operation: "rename", message: Self.errnoText())
            }
            try? Self.sync(path: directory.path, operation: "fsync directory")
            report(run.progress(.done))
            var result = run.result
            result.databaseBytes = (try? FileManager.default.attributesOfItem(atPath: target.path)[.size] as? Int) ?? 0
            result.seconds = Date().timeIntervalSince(started)
            return result
        } catch {
            writer?.abandon()
            for suffix in ["", "-journal", "-wal", "-shm"] {
                unlink(temporary.path + suffix)
            }
            throw error
        }
    }

    /// Calls `body` with every block of the PBF or XML file, mapping reader errors.
    private func read(_ url: URL, _ body: (OSMBlock) throws(PlaceImportError) -> Void) throws(PlaceImportError) {
        let name = url.lastPathComponent.lowercased()
        do {
            if name.hasSuffix(".osm") || name.hasSuffix(".xml") {
                let document = try OSMXMLReader(url: url).read()
                try body(document.block)
            } else {
                try PBFReader(url: url).forEachBlock { block in try body(block) }
            }
        } catch let error as PlaceImportError {
            throw error
        } catch let error as OSMError {
            guard OSMFileFormat(contentsOf: url) != nil else { throw .notOSM(path: url.path, error) }
            throw .input(path: url.path, error)
        } catch {
            throw .input(path: url.path, OSMError(.io("\(error)")))
        }
    }

    private func mapStore<T>(_ body: () throws(PlaceStoreError) -> T) throws(PlaceImportError) -> T {
        do {
            return try body()
        } catch {
            throw .store(error)
        }
    }

    /// `fsync(2)` of a file or directory.
    private static func sync(path: String, operation: String) throws(PlaceImportError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .io(path: path, operation: operation, message: errnoText()) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .io(path: path, operation: operation, message: errnoText()) }
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
