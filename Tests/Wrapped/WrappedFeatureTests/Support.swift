import Foundation
import Gazetteer
import LociLocalization
import LociTestSupport
import LockedState
import PhotoLibrary
import WrappedFeature
import WrappedKit
import WrappedService

/// Thumbnails straight from the files of a folder (ids are paths relative to it, as the folder
/// source makes them): the bytes as they are, reported at the size asked for.
struct FolderThumbnails: PhotoThumbnailSource {
    let root: String

    func thumbnail(for assetID: String, maxPixelSize: Int) async throws(PhotoThumbnailError) -> PhotoThumbnail
    {
        guard maxPixelSize >= 1 else { throw .invalidSize(maxPixelSize) }
        guard let data = FileManager.default.contents(atPath: root + "/" + assetID) else {
            throw .notFound(assetID: assetID)
        }
        guard let format = PhotoThumbnail.sniffFormat(data) else {
            throw .unavailable(assetID: assetID, reason: "neither JPEG nor PNG")
        }
        return PhotoThumbnail(data: data, format: format, pixelWidth: maxPixelSize, pixelHeight: maxPixelSize)
    }
}

/// The shared gazetteer as a place lookup, loaded once per process.
enum SharedLookup {
    static let loaded: Result<GazetteerPlaceLookup, Error> = Result {
        GazetteerPlaceLookup(
            gazetteer: try Gazetteer.load(contentsOf: SharedData.url("geo/gazetteer-cities500.tsv.gz").path)
                .gazetteer)
    }

    static func lookup() throws -> any PlaceLookup { try loaded.get() }
}

/// A fresh folder under the temporary directory.
func temporaryFolder(_ name: String) -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "wrapped-feature-\(name)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// An environment over `sources` with a fixed clock and zone.
func environment(
    sources: any PhotoLibrarySourceFactory, authorizer: any PhotoAuthorizer,
    thumbnails: any PhotoThumbnailSource,
    hidden: any HiddenPlaceStore = InMemoryHiddenPlaceStore(), cache: URL?, now: Date,
    zone: String = "Europe/Helsinki",
    lookup: @escaping @Sendable () throws -> any PlaceLookup = SharedLookup.lookup,
    language: AppLanguage = .english
) -> WrappedEnvironment {
    WrappedEnvironment(
        authorizer: authorizer, sources: sources, thumbnails: thumbnails, hiddenPlaces: hidden,
        placeLookup: lookup,
        cache: cache, deviceZone: TimeZone(identifier: zone)!, now: { now }, language: language)
}

/// Noon UTC of an ISO day.
func noon(_ iso: String) -> Date {
    Date(timeIntervalSince1970: Double(LocalDate(iso: iso)!.dayNumber * 86_400 + 12 * 3_600))
}

/// Pauses a scan at its first progress report until the run is cancelled (or 30 s pass), so a
/// test can cancel exactly mid-scan.
final class ScanGate: Sendable {
    private let state = Locked(false)

    /// Whether the scan has reached the gate.
    var reached: Bool { state.withLock { $0 } }

    func wait(until isCancelled: @Sendable () -> Bool) {
        state.withLock { $0 = true }
        let deadline = Date(timeIntervalSinceNow: 30)
        while !isCancelled(), Date() < deadline { usleep(1_000) }
    }
}

/// The folder source, stopping at a ``ScanGate`` during its scan.
struct GatedFolderSource: PhotoLibrarySource {
    let base: FolderPhotoSource
    let gate: ScanGate

    func list() throws(WrappedError) -> FolderPhotoSource.Listing { try base.list() }

    func scan(_ listing: FolderPhotoSource.Listing, progress: @Sendable (Int, Int) -> Void)
        -> PhotoLibraryScan
    {
        base.scan(listing, progress: progress)
    }

    func scan(
        _ listing: FolderPhotoSource.Listing, progress: @Sendable (Int, Int) -> Void,
        isCancelled: @Sendable () -> Bool
    ) -> PhotoLibraryScan? {
        base.scan(
            listing,
            progress: { done, total in
                progress(done, total)
                gate.wait(until: isCancelled)
            }, isCancelled: isCancelled)
    }
}

