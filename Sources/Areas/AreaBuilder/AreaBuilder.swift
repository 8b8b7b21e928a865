import AreaKit
import Foundation
import GeoKit
import IdentifyPack
import IdentifyPackBuilder
import PlaceImport
import PlaceStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Builds one area's files from an OSM extract into `DIR/NAME/`: the place store (as `loci import`
/// makes it), the identify pack cut from that same store (as `loci pack build --db` makes it) and
/// the ``AreaKit/AreaManifest`` naming both with their sizes and SHA-256s.
///
/// Atomic per area: everything is written into a hidden folder beside the area's (`.NAME.….building`),
/// checked (the pack opened with its own checks, the store opened read-only), and only then moved
/// into place; the previous folder is moved aside first and deleted after. On any error the hidden
/// folder is deleted and a previous area is left as it was. (Between the two renames the area is
/// briefly absent; a server reading it then answers 404 for that instant, never a mixed area.)
public struct AreaBuilder: Sendable {
    /// The area's name (``AreaKit/AreaName``).
    public var name: String
    /// The Wikidata landmarks CSV for the pack; nil: none.
    public var landmarksFile: URL?
    /// `airports.csv` for the pack; nil: none.
    public var airportsFile: URL?
    /// The pack's area; nil: the extent of the extract's buildings and places.
    public var area: BoundingBox?
    /// The extract's IANA time zone, stored in the place store for open-now answers; nil: none.
    public var timeZone: String?

    /// A builder for the area called `name`.
    public init(name: String, landmarksFile: URL? = nil, airportsFile: URL? = nil, area: BoundingBox? = nil, timeZone: String? = nil) {
        self.name = name
        self.landmarksFile = landmarksFile
        self.airportsFile = airportsFile
        self.area = area
        self.timeZone = timeZone
    }

    /// Builds the area from `extract` into `directory/name/`, replacing a previous build only on success.
    ///
    /// - Parameter now: The build time the manifests record.
    /// - Returns: The area's manifest, as written.
    /// - Throws: ``AreaBuildError``; `directory/name` is then unchanged.
    public func build(extract: URL, into directory: URL, now: Date) throws(AreaBuildError) -> AreaManifest {
        if let problem = AreaName.problem(name) { throw .name(name, problem) }
        do { try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true) } catch {
            throw .write(path: directory.path, error.localizedDescription)
        }
        let stamp = UUID().uuidString
        let staging = directory.appendingPathComponent(".\(name).\(stamp).building", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: staging) }
        do { try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: false) } catch {
            throw .write(path: staging.path, error.localizedDescription)
        }
        let storePath = staging.appendingPathComponent(AreaKind.places.fileName).path
        let packPath = staging.appendingPathComponent(AreaKind.identifyPack.fileName).path

        var importer = OSMPlaceImporter()
        if let timeZone { importer.metadata["time_zone"] = timeZone }
        do { _ = try importer.import(from: extract, into: storePath) } catch { throw .places(error) }
        let builder = PackBuilder(name: name, area: area, landmarksFile: landmarksFile, airportsFile: airportsFile)
        let pack: PackManifest
        do { pack = try builder.build(from: .store(path: storePath), to: packPath, now: now) } catch { throw .pack(error) }

        // The files as a device will check them: the pack with its own checks, the store read-only.
        do { _ = try OfflinePack(path: packPath) } catch { throw .verification(error.description) }
        do { _ = try SQLitePlaceStore(path: storePath) } catch { throw .verification(error.description) }

        let files = try [
            Self.entry(.identifyPack, path: packPath, formatVersion: pack.formatVersion, builtAt: now),
            Self.entry(.places, path: storePath, formatVersion: Self.placeStoreVersion, builtAt: now),
        ]
        let bounds = AreaBounds(south: pack.area.south, west: pack.area.west, north: pack.area.north, east: pack.area.east)
        let manifest = AreaManifest(name: name, bounds: bounds, builtAt: now, files: files)
        let manifestPath = staging.appendingPathComponent(AreaManifest.fileName).path
        do {
            try manifest.json().write(to: URL(fileURLWithPath: manifestPath))
        } catch { throw .write(path: manifestPath, error.localizedDescription) }
        for path in [packPath, storePath, manifestPath, staging.path] { try Self.sync(path) }
        try publish(staging, into: directory, stamp: stamp)
        return manifest
    }

    /// The place store's schema version as a number (`v5` → 5).
    static var placeStoreVersion: Int { Int(PlaceStoreSchema.currentVersion.dropFirst()) ?? 0 }

    private static func entry(_ kind: AreaKind, path: String, formatVersion: Int, builtAt: Date) throws(AreaBuildError) -> AreaFile {
        let digest: (hex: String, bytes: Int64)
        do { digest = try FileDigest.sha256(path: path) } catch { throw .write(path: path, error.reason) }
        return AreaFile(kind: kind, file: kind.fileName, bytes: digest.bytes, sha256: digest.hex, formatVersion: formatVersion, builtAt: builtAt)
    }

    /// Moves `staging` to `directory/name`, the previous folder (if any) aside first and deleted after.
    private func publish(_ staging: URL, into directory: URL, stamp: String) throws(AreaBuildError) {
        let target = directory.appendingPathComponent(name, isDirectory: true)
        let old = directory.appendingPathComponent(".\(name).\(stamp).replaced", isDirectory: true)
        var hadPrevious = false
        if FileManager.default.fileExists(atPath: target.path) {
            guard rename(target.path, old.path) == 0 else { throw .write(path: target.path, "rename aside: \(Self.errnoText())") }
            hadPrevious = true
        }
        guard rename(staging.path, target.path) == 0 else {
            let reason = Self.errnoText()
            if hadPrevious { _ = rename(old.path, target.path) }
            throw .write(path: target.path, "rename into place: \(reason)")
        }
        try? Self.sync(directory.path)
        if hadPrevious { try? FileManager.default.removeItem(at: old) }
    }

    private static func sync(_ path: String) throws(AreaBuildError) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw .write(path: path, "open: \(errnoText())") }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .write(path: path, "fsync: \(errnoText())") }
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Why an area was not built. The area's previous folder, if any, is unchanged.
public enum AreaBuildError: Error, Sendable, CustomStringConvertible {
    /// The name cannot name an area.
    case name(String, String)
    /// The extract could not be imported into the place store.
    case places(PlaceImportError)
    /// The identify pack could not be built from the imported store.
    case pack(PackBuildError)
    /// A finished file failed its own checks.
    case verification(String)
    /// A file or folder could not be written, synced or moved.
    case write(path: String, String)

    public var description: String {
        switch self {
        case .name(let name, let problem): "--name '\(name)': \(problem)"
        case .places(let error): "importing the places: \(error)"
        case .pack(let error): "building the identify pack: \(error)"
        case .verification(let reason): "the new area failed its checks: \(reason)"
        case .write(let path, let reason): "\(path): \(reason)"
        }
    }
}
