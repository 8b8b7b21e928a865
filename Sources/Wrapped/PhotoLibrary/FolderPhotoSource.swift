import Dispatch
import GeoKit
import PhotoMetadata
import Synchronization
import WrappedKit

/// Photos in a folder tree, read with the native metadata reader: the Linux stand-in for the
/// PhotoKit source (which will produce the same ``WrappedKit/PhotoAsset``s from `PHAsset`).
///
/// Listing only `stat`s files, so ``Listing/fingerprint`` is cheap: a cache hit needs no
/// metadata read. ``scan(_:progress:)`` reads every file's metadata on all cores; a file that
/// cannot be read becomes a ``ScanIssue`` and the scan continues.
public struct FolderPhotoSource: PhotoLibrarySource {
    /// The folder.
    public let root: String

    /// Creates a source over `root`.
    public init(root: String) {
        self.root = root
    }

    /// The files of a folder and a fingerprint of them.
    public struct Listing: PhotoLibraryListing {
        /// Photo files, sorted by relative path.
        public var files: [FolderFile]
        /// Folders and links that could not be read.
        public var issues: [ScanIssue]
        /// FNV-1a 64 (hex) of every file's relative path, size and modification time.
        public var fingerprint: String
        /// How many photo files were found.
        public var photoCount: Int { files.count }
    }

    /// What a scan produced.
    public typealias Scan = PhotoLibraryScan

    /// Lists the photo files under ``root``.
    /// - Throws: ``WrappedKit/WrappedError/sourceFailed(_:)`` when `root` is not a readable folder.
    public func list() throws(WrappedError) -> Listing {
        guard let walk = FolderWalk.files(under: root) else { throw .sourceFailed("\(root) is not a readable folder") }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
        }
        for file in walk.files {
            mix(file.relativePath.utf8)
            mix("\0\(file.size)\0\(file.modified)\n".utf8)
        }
        let hex = String(hash, radix: 16)
        return Listing(files: walk.files, issues: walk.issues, fingerprint: String(repeating: "0", count: 16 - hex.count) + hex)
    }

    /// Reads every listed file's metadata (in parallel) into assets.
    ///
    /// - Parameter progress: called with (files done, total) from worker threads, at most every
    ///   ~1 % of the files.
    public func scan(_ listing: Listing, progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> Scan {
        scan(listing, progress: progress, isCancelled: { false }) ?? Scan(assets: [], issues: listing.issues)
    }

    /// Reads every listed file's metadata (in parallel) into assets, checking `isCancelled`
    /// before each batch of files (~1 % of them); `nil` once it returns true.
    ///
    /// - Parameter isCancelled: must stay true once it has returned true.
    public func scan(
        _ listing: Listing, progress: @Sendable (Int, Int) -> Void, isCancelled: @Sendable () -> Bool
    ) -> Scan? {
        let files = listing.files
        let chunk = max(16, files.count / 100)
        let chunks = (files.count + chunk - 1) / chunk
        let results = Mutex<[Int: [Result<PhotoAsset, ScanIssue>]]>([:])
        let done = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            guard !isCancelled() else { return }
            let range = index * chunk..<min(files.count, (index + 1) * chunk)
            let part = files[range].map(Self.read)
            results.withLock { $0[index] = part }
            let finished = done.add(range.count, ordering: .relaxed).newValue
            progress(finished, files.count)
        }
        guard !isCancelled() else { return nil }
        var assets: [PhotoAsset] = []
        var issues = listing.issues
        results.withLock { all in
            for index in 0..<chunks {
                for result in all[index] ?? [] {
                    switch result {
                    case .success(let asset): assets.append(asset)
                    case .failure(let issue): issues.append(issue)
                    }
                }
            }
        }
        return Scan(assets: assets, issues: issues)
    }

    /// The asset of one file, or the reader's error as an issue.
    static func read(_ file: FolderFile) -> Result<PhotoAsset, ScanIssue> {
        do {
            let metadata = try PhotoMetadataReader.read(path: file.path)
            return .success(asset(id: file.relativePath, path: file.path, metadata))
        } catch {
            return .failure(ScanIssue(path: file.path, message: "\(error)"))
        }
    }

    /// Maps metadata to an asset: DateTimeOriginal (+ SubSec, + offset) as a wall clock, else
    /// the GPS time stamp (UTC) as an instant; a coordinate when both values are valid and not
    /// the (0, 0) that broken GPS units write; the file as drawable only when it is a JPEG (what
    /// the card renderer decodes); a screenshot when the file name says "screenshot" (as
    /// macOS, iOS exports and Android name them).
    static func asset(id: String, path: String, _ metadata: PhotoMetadata) -> PhotoAsset {
        var time: CaptureTime?
        if let capture = PhotoCaptureTime(metadata), let wall = wallClock(capture) {
            time = .wallClock(wall, offsetSeconds: capture.utcOffsetSeconds)
        } else if let gps = metadata.gpsTimestamp, let instant = gpsInstant(gps) {
            time = .instant(instant)
        }
        var coordinate: Coordinate?
        if let lat = metadata.latitude, let lon = metadata.longitude, !(lat == 0 && lon == 0) {
            coordinate = try? Coordinate(latitude: lat, longitude: lon)
        }
        return PhotoAsset(
            id: id, captureTime: time, coordinate: coordinate, pixelWidth: metadata.width, pixelHeight: metadata.height,
            localPath: metadata.format == .jpeg ? path : nil,
            isScreenshot: (path.split(separator: "/").last ?? "").lowercased().contains("screenshot"))
    }

    private static func wallClock(_ capture: PhotoCaptureTime) -> LocalDateTime? {
        let c = capture.local
        guard let year = c.year, let month = c.month, let day = c.day, let date = LocalDate(year: year, month: month, day: day) else {
            return nil
        }
        return LocalDateTime(
            date: date, hour: c.hour ?? 0, minute: c.minute ?? 0, second: c.second ?? 0,
            millisecond: min(999, (c.nanosecond ?? 0) / 1_000_000))
    }

    /// "YYYY:MM:DD HH:MM:SS(.fff)Z" → seconds since 1970.
    static func gpsInstant(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: { ": Z".contains($0) })
        guard fields.count >= 6, let y = Int(fields[0]), let mo = Int(fields[1]), let d = Int(fields[2]),
            let date = LocalDate(year: y, month: mo, day: d), let h = Int(fields[3]), let mi = Int(fields[4]),
            let s = Double(fields[5]), (0...23).contains(h), (0...59).contains(mi), (0..<61).contains(s)
        else { return nil }
        return Double(date.dayNumber * 86_400 + h * 3_600 + mi * 60) + s
    }
}
