import AreaKit
import Foundation
import IdentifyPack
import LockedState
import PlaceStore

/// The device's areas: what the server offers near a point, downloads that resume, and installed
/// files that are only ever replaced by a verified one.
///
/// On disk, under ``directory``: `NAME/area.pack` and `NAME/places.sqlite` (installed, as the
/// server names them), `NAME/installed.json` (the server's entries of the installed files), and
/// while a download is under way `NAME/.KIND.partial` with `NAME/.KIND.partial.json` (the entry it
/// is for, so a later call resumes only the same build).
///
/// A download fetches from the partial file's length (`Range`, `If-Range` the build's SHA-256),
/// retrying a dropped connection up to ``retries`` times from where it stopped; then checks the
/// size, the SHA-256, and the format's own checks (``IdentifyPack/OfflinePack`` for a pack, the place
/// store opened read-only with its schema checked) **before** renaming it over the installed file,
/// so a damaged, partial or wrong file never replaces a good one (it is deleted instead). Safe to
/// call from any task; one download per area and kind at a time.
public final class AreaDownloads: Sendable {
    /// Where areas are kept.
    public let directory: URL
    /// How the server is reached.
    public let transport: any AreaTransport
    /// How many times a dropped connection is retried within one ``download(_:kind:progress:)``.
    public let retries: Int

    private let downloading = Locked<Set<String>>([])

    /// The installed-entries file's name inside an area's folder.
    static let installedFile = "installed.json"

    /// Areas kept under `directory` (created when missing), fetched through `transport`.
    public init(directory: URL, transport: any AreaTransport, retries: Int = 3) {
        self.directory = directory
        self.transport = transport
        self.retries = max(0, retries)
    }

    // MARK: Listing

    /// The areas the server offers, nearest first when `near` is given.
    public func available(near: AreaPoint? = nil) async throws(AreaDownloadError) -> [AreaOffer] {
        try await transport.areas(near: near).areas
    }

    /// The installed files, by area name then kind.
    public func installed() -> [InstalledAreaFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.sorted().filter(AreaName.isValid).flatMap { name in
            readInstalled(name).map { InstalledAreaFile(area: name, entry: $0, url: fileURL(name, $0.kind)) }
        }
    }

    /// The installed file of `kind` for `area`, if any: the path to open.
    public func installed(area: String, kind: AreaKind) -> InstalledAreaFile? {
        installed().first { $0.area == area && $0.entry.kind == kind }
    }

    /// The installed files the server has a newer build of: each with the offer to download.
    public func updates(in offers: [AreaOffer]) -> [AreaUpdate] {
        installed().compactMap { file in
            guard let offer = offers.first(where: { $0.name == file.area }), let entry = offer.file(file.entry.kind),
                entry.sha256 != file.entry.sha256, entry.builtAt > file.entry.builtAt
            else { return nil }
            return AreaUpdate(installed: file, offer: offer, entry: entry)
        }
    }

    // MARK: Downloading

    /// Downloads `kind` of `offer`'s area (resuming a partial file of the same build), verifies it
    /// and installs it over any installed one. Already installed with the same SHA-256: nothing is
    /// fetched.
    ///
    /// - Parameter progress: Bytes of the file present so far, with the total, as they arrive.
    /// - Returns: The installed file.
    /// - Throws: ``AreaDownloadError``. A dropped connection still dropped after ``retries``
    ///   retries keeps the partial file (the next call resumes it); a wrong size, checksum or
    ///   format deletes it. The installed file, if any, is unchanged in every case.
    @discardableResult
    public func download(_ offer: AreaOffer, kind: AreaKind, progress: @escaping @Sendable (AreaDownloadProgress) -> Void = { _ in })
        async throws(AreaDownloadError) -> InstalledAreaFile
    {
        let area = offer.name
        guard AreaName.isValid(area), let entry = offer.file(kind) else { throw .notOffered(area: area, kind: kind) }
        if let current = installed(area: area, kind: kind), current.entry.sha256 == entry.sha256 { return current }
        let key = "\(area)/\(kind.rawValue)"
        let started = downloading.withLock { $0.insert(key).inserted }
        guard started else { throw .alreadyDownloading(area: area, kind: kind) }
        defer { _ = downloading.withLock { $0.remove(key) } }

        let folder = directory.appendingPathComponent(area, isDirectory: true)
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw .file(path: folder.path, error.localizedDescription)
        }
        let partial = partialURL(area, kind)
        let partialEntry = partialEntryURL(area, kind)
        // A partial file of another build (or without its record) cannot be resumed.
        if (try? Data(contentsOf: partialEntry)).flatMap({ try? AreaJSON.decoder().decode(AreaFile.self, from: $0) }) != entry {
            Self.remove(partial)
            do { try Self.write(AreaJSON.encoder().encode(entry), to: partialEntry) } catch {
                throw .file(path: partialEntry.path, "\(error)")
            }
        }
        var attempt = 0
        while true {
            let have = Self.size(partial)
            if have > entry.bytes { Self.remove(partial) }
            if have == entry.bytes { break }
            let request = AreaFetchRequest(area: area, kind: kind, offset: Self.size(partial), sha256: entry.sha256)
            do {
                _ = try await transport.fetch(request, appendingTo: partial) { bytes in
                    progress(AreaDownloadProgress(area: area, kind: kind, bytes: bytes, totalBytes: entry.bytes))
                }
                break
            } catch {
                switch error {
                case .transport where attempt < retries:
                    attempt += 1
                case .server(status: 416, _) where attempt < retries:
                    // The file shrank under the same name: start again.
                    Self.remove(partial)
                    attempt += 1
                default:
                    throw error
                }
            }
        }
        do {
            try Self.verify(partial, entry: entry, area: area)
        } catch {
            Self.remove(partial)
            Self.remove(partialEntry)
            throw error
        }
        return try install(partial, entry: entry, area: area)
    }

    /// Checks size, SHA-256 and the format's own checks of the file at `url`.
    static func verify(_ url: URL, entry: AreaFile, area: String) throws(AreaDownloadError) {
        let digest: (hex: String, bytes: Int64)
        do { digest = try FileDigest.sha256(path: url.path) } catch { throw .file(path: url.path, error.reason) }
        guard digest.bytes == entry.bytes else {
            throw .sizeMismatch(area: area, kind: entry.kind, expected: entry.bytes, actual: digest.bytes)
        }
        guard digest.hex == entry.sha256 else {
            throw .checksumMismatch(area: area, kind: entry.kind, expected: entry.sha256, actual: digest.hex)
        }
        switch entry.kind {
        case .identifyPack:
            let pack: OfflinePack
            do { pack = try OfflinePack(path: url.path) } catch { throw .unreadable(area: area, kind: entry.kind, error.description) }
            guard pack.manifest.formatVersion == entry.formatVersion else {
                throw .unreadable(
                    area: area, kind: entry.kind,
                    "format \(pack.manifest.formatVersion), the server listed \(entry.formatVersion)")
            }
        case .places:
            do { _ = try SQLitePlaceStore(path: url.path) } catch { throw .unreadable(area: area, kind: entry.kind, error.description) }
        }
    }

    /// Renames the verified file over the installed one and records its entry.
    private func install(_ partial: URL, entry: AreaFile, area: String) throws(AreaDownloadError) -> InstalledAreaFile {
        let target = fileURL(area, entry.kind)
        guard rename(partial.path, target.path) == 0 else {
            throw .file(path: target.path, "rename: \(String(cString: strerror(errno)))")
        }
        var entries = readInstalled(area).filter { $0.kind != entry.kind }
        entries.append(entry)
        entries.sort { $0.kind.rawValue < $1.kind.rawValue }
        let record = directory.appendingPathComponent(area).appendingPathComponent(Self.installedFile)
        do { try Self.write(AreaJSON.encoder().encode(entries), to: record) } catch {
            throw .file(path: record.path, "\(error)")
        }
        Self.remove(partialEntryURL(area, entry.kind))
        return InstalledAreaFile(area: area, entry: entry, url: target)
    }

    // MARK: Deleting and disk use

    /// Deletes `kind` of `area` (installed and partial), or the whole area when `kind` is nil.
    /// - Throws: `.alreadyDownloading` while that file downloads; `.file` when a file stays.
    public func delete(area: String, kind: AreaKind? = nil) throws(AreaDownloadError) {
        guard AreaName.isValid(area) else { return }
        let busy = downloading.withLock { set in
            AreaKind.allCases.first { (kind == nil || kind == $0) && set.contains("\(area)/\($0.rawValue)") }
        }
        if let busy { throw .alreadyDownloading(area: area, kind: busy) }
        let folder = directory.appendingPathComponent(area, isDirectory: true)
        guard let kind else {
            do { if FileManager.default.fileExists(atPath: folder.path) { try FileManager.default.removeItem(at: folder) } } catch {
                throw .file(path: folder.path, error.localizedDescription)
            }
            return
        }
        let entries = readInstalled(area).filter { $0.kind != kind }
        let record = folder.appendingPathComponent(Self.installedFile)
        do { try Self.write(AreaJSON.encoder().encode(entries), to: record) } catch { throw .file(path: record.path, "\(error)") }
        for url in [fileURL(area, kind), partialURL(area, kind), partialEntryURL(area, kind)] { Self.remove(url) }
    }

    /// Bytes the areas take on this device: installed files, partial downloads and records.
    public func diskUsage() -> AreaDiskUsage {
        var usage = AreaDiskUsage()
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where AreaName.isValid(name) {
            let folder = directory.appendingPathComponent(name)
            for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                let bytes = Self.size(folder.appendingPathComponent(file))
                if file.hasSuffix(".partial") { usage.partialBytes += bytes } else { usage.installedBytes += bytes }
                usage.byArea[name, default: 0] += bytes
            }
        }
        return usage
    }

    // MARK: Files

    private func fileURL(_ area: String, _ kind: AreaKind) -> URL {
        directory.appendingPathComponent(area).appendingPathComponent(kind.fileName)
    }

    private func partialURL(_ area: String, _ kind: AreaKind) -> URL {
        directory.appendingPathComponent(area).appendingPathComponent(".\(kind.rawValue).partial")
    }

    private func partialEntryURL(_ area: String, _ kind: AreaKind) -> URL {
        directory.appendingPathComponent(area).appendingPathComponent(".\(kind.rawValue).partial.json")
    }

    /// The installed entries of `area` whose file is present.
    private func readInstalled(_ area: String) -> [AreaFile] {
        let record = directory.appendingPathComponent(area).appendingPathComponent(Self.installedFile)
        guard let data = try? Data(contentsOf: record), let entries = try? AreaJSON.decoder().decode([AreaFile].self, from: data)
        else { return [] }
        return entries.filter { FileManager.default.fileExists(atPath: fileURL(area, $0.kind).path) }
    }

    static func size(_ url: URL) -> Int64 {
        ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.int64Value ?? 0
    }

    static func remove(_ url: URL) {
        for suffix in ["", "-journal", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: url.path + suffix) }
    }

    /// Writes `data` beside `url` and renames it into place.
    static func write(_ data: Data, to url: URL) throws {
        try data.write(to: url, options: .atomic)
    }
}

/// An installed file: its area, the server's entry it was verified against, and where it is.
public struct InstalledAreaFile: Sendable, Hashable {
    /// The area's name.
    public var area: String
    /// The entry (kind, size, SHA-256, format version, build time) the file matched.
    public var entry: AreaFile
    /// The file to open (`OfflinePack(path:)`, `SQLitePlaceStore(path:)`).
    public var url: URL
}

/// A newer build of an installed file on the server.
public struct AreaUpdate: Sendable, Hashable {
    /// What is installed.
    public var installed: InstalledAreaFile
    /// The server's offer of the area (pass it to ``AreaDownloads/download(_:kind:progress:)``).
    public var offer: AreaOffer
    /// The newer entry.
    public var entry: AreaFile
}

/// How far a download is.
public struct AreaDownloadProgress: Sendable, Hashable {
    /// The area.
    public var area: String
    /// The file.
    public var kind: AreaKind
    /// Bytes of the file present (those of earlier attempts included).
    public var bytes: Int64
    /// The file's size.
    public var totalBytes: Int64

    /// `bytes / totalBytes`, 0...1.
    public var fraction: Double { totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : 1 }
}

/// Bytes the areas take on the device.
public struct AreaDiskUsage: Sendable, Hashable {
    /// Installed files and their records.
    public var installedBytes: Int64 = 0
    /// Partial downloads.
    public var partialBytes: Int64 = 0
    /// Everything, per area.
    public var byArea: [String: Int64] = [:]

    /// Everything.
    public var totalBytes: Int64 { installedBytes + partialBytes }

    /// Nothing used.
    public init() {}
}
