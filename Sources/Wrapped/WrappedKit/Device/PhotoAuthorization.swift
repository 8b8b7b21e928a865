/// How far the user lets the app read the photo library (PhotoKit's `PHAuthorizationStatus` for
/// `.readWrite`, in the library's own words).
public enum PhotoAuthorization: String, Sendable, CaseIterable, Codable {
    /// The user has not been asked yet: asking shows the system prompt.
    case notDetermined = "not_determined"
    /// The user said no: only Settings can change it.
    case denied
    /// A parent or a device policy forbids access: the user cannot change it.
    case restricted
    /// Only the photos the user picked can be read (iOS "Limited Photos").
    case limited
    /// The whole library can be read.
    case full

    /// Whether photos can be read at all (``limited`` or ``full``).
    public var canRead: Bool { self == .limited || self == .full }

    /// The cache key's `access_privileges` (seed §15): `all`, `limited` or `none`.
    public var cachePrivileges: String {
        switch self {
        case .full: "all"
        case .limited: "limited"
        case .notDetermined, .denied, .restricted: "none"
        }
    }
}

/// Reads and requests photo-library access: PhotoKit's `PHPhotoLibrary.authorizationStatus(for:)`
/// and `requestAuthorization(for:)` on the phone, ``InMemoryPhotoAuthorizer`` in tests.
///
/// Contract (`WrappedKitContracts.PhotoAuthorizerContract`): ``status`` reads the same until
/// something changes it; ``requestAccess()`` prompts only when the status is
/// ``PhotoAuthorization/notDetermined``, otherwise it returns the current status unchanged;
/// after it returns, ``status`` equals what it returned and is never `notDetermined`.
public protocol PhotoAuthorizer: Sendable {
    /// The current access, without prompting.
    var status: PhotoAuthorization { get }

    /// Asks the user when the status is not determined (the system prompt), and returns the
    /// access that results; returns the current status without prompting otherwise.
    func requestAccess() async -> PhotoAuthorization
}
