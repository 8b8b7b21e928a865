import AreaDownloads
import AreaKit
import Foundation

/// One area installed on the phone: what the area list shows for it.
public struct InstalledArea: Sendable, Hashable, Identifiable {
    /// The area's name.
    public var name: String
    /// The kinds installed.
    public var kinds: [AreaKind]
    /// Bytes the area takes on the phone (its files, records and any partial download).
    public var bytes: Int64
    /// The newest build time of its installed files.
    public var builtAt: Date

    public var id: String { name }
}

/// A download under way, or a file of an area.
public struct AreaFileKey: Sendable, Hashable {
    /// The area.
    public var area: String
    /// The file.
    public var kind: AreaKind

    /// A key.
    public init(area: String, kind: AreaKind) {
        self.area = area
        self.kind = kind
    }
}

/// Why the last area action did not do what was asked: the list shows it.
public enum AreaFailure: Sendable, Hashable {
    /// The server could not be reached; installed areas keep working.
    case offline(String)
    /// A downloaded file was refused (wrong size, checksum or format); the installed one stays.
    case refused(area: String, kind: AreaKind, reason: String)
    /// Anything else: the server's error, an unreadable answer, a file the phone could not write.
    case failed(String)

    /// The failure from a download service error.
    public init(_ error: AreaDownloadError) {
        switch error {
        case .transport(let reason): self = .offline(reason)
        case .sizeMismatch(let area, let kind, _, _), .checksumMismatch(let area, let kind, _, _), .unreadable(let area, let kind, _):
            self = .refused(area: area, kind: kind, reason: error.description)
        default: self = .failed(error.description)
        }
    }

    /// What the screen says.
    public var message: String {
        switch self {
        case .offline(let reason): AreasCopy.offline(reason)
        case .refused(let area, _, let reason): AreasCopy.refused(area: area, reason: reason)
        case .failed(let reason): reason
        }
    }
}

/// One row of the area list: an installed area, an offered one, or both.
public struct AreaRow: Sendable, Hashable, Identifiable {
    /// The area's name.
    public var name: String
    /// Installed: every kind the app uses is on the phone.
    public var isInstalled: Bool
    /// Bytes on the phone (0 when nothing is).
    public var bytesOnPhone: Int64
    /// Bytes a download of the kinds the app uses takes (nil when the server does not offer it, or was not asked).
    public var downloadBytes: Int64?
    /// Metres from the point the list was asked near (0 inside), when known.
    public var distanceM: Double?
    /// The server has a newer build of an installed file.
    public var updateAvailable: Bool
    /// 0...1 while downloading, else nil.
    public var progress: Double?

    public var id: String { name }
}

/// Everything the area screens show.
public struct AreasState: Sendable, Hashable {
    /// The kinds the app uses (ShootVeil the identify pack, the search apps the place store).
    public var kinds: [AreaKind]
    /// The installed areas, by name.
    public var installed: [InstalledArea] = []
    /// The server's areas, nearest first, from the last listing that answered.
    public var offers: [AreaOffer] = []
    /// Areas with a newer build on the server.
    public var updatable: Set<String> = []
    /// Downloads under way.
    public var progress: [AreaFileKey: AreaDownloadProgress] = [:]
    /// Bytes the areas take on the phone.
    public var diskBytes: Int64 = 0
    /// The last failure, until the next action succeeds or it is dismissed.
    public var failure: AreaFailure?
    /// A listing is under way.
    public var isListing = false

    /// Nothing yet.
    public init(kinds: [AreaKind]) { self.kinds = kinds }

    /// An installed area has every kind the app uses.
    public var hasArea: Bool { installed.contains { area in kinds.allSatisfy(area.kinds.contains) } }

    /// "No area on this phone": the nearest offered area, when none is installed.
    public var suggestion: AreaOffer? { hasArea ? nil : offers.first { downloadBytes(of: $0) != nil } }

    /// Bytes a download of `offer`'s files of the app's kinds takes, nil when it offers none of them.
    public func downloadBytes(of offer: AreaOffer) -> Int64? {
        let files = kinds.compactMap(offer.file)
        return files.isEmpty ? nil : files.reduce(0) { $0 + $1.bytes }
    }

    /// Whether any file of `area` is downloading.
    public func isDownloading(_ area: String) -> Bool { progress.keys.contains { $0.area == area } }

    /// The list: installed areas first (by name), then the other offered areas (nearest first).
    public var rows: [AreaRow] {
        let installedNames = Set(installed.map(\.name))
        let names = installed.map(\.name) + offers.map(\.name).filter { !installedNames.contains($0) }
        return names.map { name in
            let local = installed.first { $0.name == name }
            let offer = offers.first { $0.name == name }
            let downloading = progress.filter { $0.key.area == name }.values
            let fraction: Double? =
                downloading.isEmpty
                ? nil
                : Double(downloading.reduce(0) { $0 + $1.bytes }) / Double(max(1, downloading.reduce(0) { $0 + $1.totalBytes }))
            return AreaRow(
                name: name, isInstalled: local.map { area in kinds.allSatisfy(area.kinds.contains) } ?? false,
                bytesOnPhone: local?.bytes ?? 0, downloadBytes: offer.flatMap(downloadBytes(of:)),
                distanceM: offer?.distanceM, updateAvailable: updatable.contains(name), progress: fraction)
        }
    }
}
