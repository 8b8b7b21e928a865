import AreaDownloads
import AreaKit
import Foundation
import IdentifyKit
import IdentifyPack
import IdentifyService
import LockedState

/// The viewfinder's source over the identify pack of an area the phone downloaded: on each tap the
/// installed `area.pack` (of the first area, by name, that has one) is found through
/// ``AreaDownloads/AreaDownloads`` and identified from, offline; a download, update or delete made
/// while the app runs is seen by the next tap.
///
/// The opened pack is kept while the installed file's SHA-256 is the same (opening verifies the
/// whole file, once). Without an installed pack (or with one that no longer opens) the service has
/// no buildings or landmarks: taps find only what the sky offers, and the area screen's "no area on
/// this phone" explains and offers the nearest area (``hasPack`` says which).
public final class InstalledAreaIdentificationSource: IdentificationSource {
    /// The phone's areas.
    public let downloads: AreaDownloads
    private let quota: (any IdentificationQuota & Sendable)?
    private let flights: (any FlightLookup)?
    private let options: IdentifyOptions
    private let opened = Locked<(sha256: String, source: ServiceIdentificationSource)?>(nil)
    private let failure = Locked<String?>(nil)

    /// A source over the pack `downloads` has installed, counting `quota`, enriching with `flights`.
    public init(
        downloads: AreaDownloads, quota: (any IdentificationQuota & Sendable)? = nil, flights: (any FlightLookup)? = nil,
        options: IdentifyOptions = IdentifyOptions()
    ) {
        self.downloads = downloads
        self.quota = quota
        self.flights = flights
        self.options = options
    }

    /// Whether an installed pack opens: the viewfinder identifies buildings and landmarks offline.
    public var hasPack: Bool { current().pack }

    /// The source over the installed pack, or over nothing.
    func current() -> (source: ServiceIdentificationSource, pack: Bool) {
        guard let file = downloads.installed().first(where: { $0.entry.kind == .identifyPack }) else {
            opened.withLock { $0 = nil }
            failure.withLock { $0 = nil }
            return (bare, false)
        }
        if let open = opened.withLock({ $0 }), open.sha256 == file.entry.sha256 { return (open.source, true) }
        do throws(PackError) {
            let source = try ServiceIdentificationSource(pack: file.url, quota: quota, flights: flights, options: options)
            opened.withLock { $0 = (file.entry.sha256, source) }
            failure.withLock { $0 = nil }
            return (source, true)
        } catch {
            failure.withLock { $0 = "\(file.area): \(error)" }
            return (bare, false)
        }
    }

    private var bare: ServiceIdentificationSource {
        ServiceIdentificationSource(service: IdentificationService(places: nil, quota: quota, flights: flights, options: options))
    }

    /// Why the installed pack did not open at the last identification (the area and the
    /// pack's fault), `nil` when it opened or none is installed.
    public var unusableData: String? { failure.withLock { $0 } }

    /// Identifies from the installed pack (or without one).
    public func identify(_ request: IdentifyRequest, now: Date, unlimited: Bool) async throws(IdentifyServiceError)
        -> Identification
    {
        try await current().source.identify(request, now: now, unlimited: unlimited)
    }

    /// The quota's remaining count, `nil` without a quota.
    public func freeRemaining(at now: Date) throws(IdentifyServiceError) -> Int? {
        guard let quota else { return nil }
        do { return try quota.remaining(at: now) } catch { throw .quota(error) }
    }
}
