import Foundation

/// Makes the photo library for a range: PhotoKit fetches assets by creation date within an
/// interval (`PHFetchOptions` predicate on `creationDate`), so the phone needs one source per
/// range. A folder source may ignore the interval; the engine filters local days either way.
///
/// Contract (`WrappedKitContracts.PhotoLibrarySourceFactoryContract`): the source for a window
/// lists every photo captured in it; listing it twice gives the same fingerprint; a factory that
/// says it filters lists no photo captured outside the window.
public protocol PhotoLibrarySourceFactory: Sendable {
    /// Whether ``source(for:)`` leaves out photos captured outside the window.
    var filtersByWindow: Bool { get }

    /// The library of photos captured within `window` (see ``PhotoFetchWindow``).
    func source(for window: DateInterval) -> AnyPhotoLibrarySource
}

/// The whole library whatever the window: a folder on Linux (the engine filters days).
public struct WholeLibrarySourceFactory: PhotoLibrarySourceFactory {
    private let library: AnyPhotoLibrarySource

    /// A factory that always gives `source`.
    public init(_ source: some PhotoLibrarySource) {
        library = AnyPhotoLibrarySource(source)
    }

    /// Never filters.
    public var filtersByWindow: Bool { false }

    /// The whole library.
    public func source(for window: DateInterval) -> AnyPhotoLibrarySource { library }
}

/// The creation-date interval to fetch for a range of local days.
public enum PhotoFetchWindow {
    /// Furthest a zone is ahead of UTC (UTC+14:00, Kiribati), seconds.
    public static let maximumAheadOfUTC = 14 * 3_600
    /// Furthest a zone is behind UTC (UTC−12:00), seconds.
    public static let maximumBehindUTC = 12 * 3_600

    /// The instants at which some zone's clocks show a time on one of `days`: from the first
    /// day's midnight at UTC+14 to the end of the last day at UTC−12. A photo whose local day is
    /// in the range was taken in this interval, wherever it was taken.
    public static func interval(covering days: ClosedRange<LocalDate>) -> DateInterval {
        let start = Double(days.lowerBound.dayNumber * 86_400 - maximumAheadOfUTC)
        let end = Double((days.upperBound.dayNumber + 1) * 86_400 + maximumBehindUTC)
        return DateInterval(start: Date(timeIntervalSince1970: start), end: Date(timeIntervalSince1970: end))
    }
}
