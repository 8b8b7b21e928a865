import Foundation
import WrappedKit

/// Makes the PhotoKit source for a range's creation-date window: a `PhotoLibrarySourceFactory`
/// that filters (PhotoKit's fetch predicate leaves out photos created outside the window).
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct PhotoKitSourceFactory: PhotoLibrarySourceFactory {
    /// The factory.
    public init() {}

    /// PhotoKit fetches by creation date, so only the window's photos are listed.
    public var filtersByWindow: Bool { true }

    /// The photos created within `window`.
    public func source(for window: DateInterval) -> AnyPhotoLibrarySource {
        AnyPhotoLibrarySource(PhotoKitLibrarySource(window: window))
    }
}
