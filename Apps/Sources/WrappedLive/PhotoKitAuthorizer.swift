import Photos
import WrappedKit

/// Photo access through PhotoKit (`PHPhotoLibrary`, read-write level): a `PhotoAuthorizer`.
///
/// `.limited` is a real answer (the user picked some photos): it maps to
/// `PhotoAuthorization.limited`, and fetches then see only those photos.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct PhotoKitAuthorizer: PhotoAuthorizer {
    /// The adapter.
    public init() {}

    /// The current read-write access, without prompting.
    public var status: PhotoAuthorization {
        Self.authorization(PHPhotoLibrary.authorizationStatus(for: .readWrite))
    }

    /// Shows the system prompt when not determined; returns the current access otherwise.
    public func requestAccess() async -> PhotoAuthorization {
        Self.authorization(await PHPhotoLibrary.requestAuthorization(for: .readWrite))
    }

    /// PhotoKit's status in the library's words (an unknown future status reads as denied).
    static func authorization(_ status: PHAuthorizationStatus) -> PhotoAuthorization {
        switch status {
        case .notDetermined: .notDetermined
        case .restricted: .restricted
        case .denied: .denied
        case .authorized: .full
        case .limited: .limited
        @unknown default: .denied
        }
    }
}
