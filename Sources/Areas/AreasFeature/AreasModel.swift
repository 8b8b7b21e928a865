import AreaDownloads
import AreaKit
import Foundation
import Observation

/// The area screens of ShootVeil, Proximity and And Away: the installed areas, the server's areas
/// near a point with their sizes, downloads with progress, updates, delete and disk use, and every
/// failure as state (offline, a refused file with the reason). Over ``AreaDownloads``; an app says
/// which kinds it uses (ShootVeil the identify pack, the search apps the place store), and a
/// download fetches those.
@MainActor
@Observable
public final class AreasModel {
    /// What the screens show.
    public private(set) var state: AreasState

    @ObservationIgnored private let downloads: AreaDownloads
    @ObservationIgnored private let onProgress: @MainActor (AreaDownloadProgress) -> Void
    @ObservationIgnored private var lastPoint: AreaPoint?

    /// A model over `downloads` for an app using `kinds`. `onProgress` sees each progress step
    /// after the state shows it (tests, logging).
    public init(
        downloads: AreaDownloads, kinds: [AreaKind], onProgress: @escaping @MainActor (AreaDownloadProgress) -> Void = { _ in }
    ) {
        self.downloads = downloads
        self.onProgress = onProgress
        state = AreasState(kinds: kinds)
        reloadInstalled()
    }

    /// Reads what is installed, then asks the server for its areas near `near` (nearest first;
    /// the last point asked about when nil). Unreachable: the failure says so and the installed
    /// areas and the last listing stay.
    public func refresh(near: AreaPoint? = nil) async {
        if let near { lastPoint = near }
        reloadInstalled()
        state.isListing = true
        defer { state.isListing = false }
        do {
            state.offers = try await downloads.available(near: lastPoint)
            state.failure = nil
        } catch {
            state.failure = AreaFailure(error)
        }
        reloadUpdates()
    }

    /// Downloads (or updates) the app's kinds of the offered area `name`, one file after the
    /// other, the progress in ``AreasState/progress``. A file already installed at the offered
    /// build is not fetched again. The first failure stops it and is shown; what was installed stays.
    public func download(_ name: String) async {
        guard let offer = state.offers.first(where: { $0.name == name }) else {
            state.failure = .failed(AreaDownloadError.notOffered(area: name, kind: state.kinds.first ?? .places).description)
            return
        }
        for kind in state.kinds where offer.file(kind) != nil {
            let key = AreaFileKey(area: name, kind: kind)
            let (steps, continuation) = AsyncStream.makeStream(of: AreaDownloadProgress.self)
            let downloads = self.downloads
            let work = Task.detached { () async throws -> InstalledAreaFile in
                defer { continuation.finish() }
                return try await downloads.download(offer, kind: kind) { continuation.yield($0) }
            }
            for await step in steps {
                state.progress[key] = step
                onProgress(step)
            }
            state.progress[key] = nil
            do {
                _ = try await work.value
                state.failure = nil
            } catch {
                state.failure = (error as? AreaDownloadError).map(AreaFailure.init) ?? .failed("\(error)")
                reloadInstalled()
                reloadUpdates()
                return
            }
        }
        reloadInstalled()
        reloadUpdates()
    }

    /// Deletes the area `name` from the phone (every kind, and any partial download).
    public func delete(_ name: String) {
        do {
            try downloads.delete(area: name)
            state.failure = nil
        } catch {
            state.failure = AreaFailure(error)
        }
        reloadInstalled()
        reloadUpdates()
    }

    /// Hides the failure.
    public func dismissFailure() { state.failure = nil }

    // MARK: Reading the device

    private func reloadInstalled() {
        let usage = downloads.diskUsage()
        let files = downloads.installed()
        let names = files.map(\.area).reduce(into: [String]()) { names, name in if names.last != name { names.append(name) } }
        state.installed = names.map { name in
            let mine = files.filter { $0.area == name }
            return InstalledArea(
                name: name, kinds: mine.map(\.entry.kind), bytes: usage.byArea[name] ?? 0,
                builtAt: mine.map(\.entry.builtAt).max() ?? .distantPast)
        }
        state.diskBytes = usage.totalBytes
    }

    private func reloadUpdates() {
        state.updatable = Set(downloads.updates(in: state.offers).filter { state.kinds.contains($0.entry.kind) }.map(\.installed.area))
    }
}
