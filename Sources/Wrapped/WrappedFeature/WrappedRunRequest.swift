import Foundation
import WrappedKit
import WrappedService

/// One run to make: which days, with which places hidden, under which access. Makes the session
/// over the library for those days.
struct WrappedRunRequest: Sendable {
    /// The device.
    var environment: WrappedEnvironment
    /// The local days.
    var days: ClosedRange<LocalDate>
    /// Place ids to hide.
    var hidden: Set<String>
    /// The access the library is read with (part of the cache key).
    var access: PhotoAuthorization
    /// Whether screenshots are left out.
    var excludesScreenshots = false

    /// The session over the source for the days' fetch window.
    var session: WrappedSession<AnyPhotoLibrarySource> {
        WrappedSession(
            source: environment.sources.source(for: PhotoFetchWindow.interval(covering: days)),
            placeLookup: environment.placeLookup, cache: environment.cache, deviceZone: environment.deviceZone,
            excludesScreenshots: excludesScreenshots
        )
    }
}
