import LociLocalization
import Observation
import WrappedKit

/// What the access screen shows (seed §6.1).
public enum AccessScreen: Sendable, Equatable {
    /// Not asked yet: the promise and Continue (which shows the system prompt).
    case askForAccess
    /// No access: the explainer, the sample deck, and Open Settings when the user can change it
    /// (denied) but not under a device policy (restricted).
    case noAccess(message: String, canOpenSettings: Bool)
    /// Photos can be read; with the limited notice when only a selection can.
    case granted(limitedNotice: String?)
}

/// Photo access: the status, what the access screen shows, and the request.
@MainActor @Observable
public final class AccessModel {
    /// The current access.
    public private(set) var status: PhotoAuthorization

    @ObservationIgnored private let authorizer: any PhotoAuthorizer
    @ObservationIgnored private let language: AppLanguage

    /// A model reading `authorizer`, speaking `language`.
    public init(authorizer: any PhotoAuthorizer, language: AppLanguage = .current) {
        self.authorizer = authorizer
        self.language = language
        status = authorizer.status
    }

    /// What the access screen shows for ``status``.
    public var screen: AccessScreen {
        switch status {
        case .notDetermined: .askForAccess
        case .denied: .noAccess(message: WrappedCopy.deniedMessage(in: language), canOpenSettings: true)
        case .restricted: .noAccess(message: WrappedCopy.restrictedMessage(in: language), canOpenSettings: false)
        case .limited: .granted(limitedNotice: WrappedCopy.limitedNotice(in: language))
        case .full: .granted(limitedNotice: nil)
        }
    }

    /// The notice every result carries under limited access, else `nil`.
    public var limitedNotice: String? { status == .limited ? WrappedCopy.limitedNotice(in: language) : nil }

    /// Whether the sample deck is offered (no access, or the user cannot grant it).
    public var offersSampleDeck: Bool { !status.canRead && status != .notDetermined }

    /// Reads the status again (the app came back from Settings or the limited picker).
    /// - Returns: whether it changed.
    @discardableResult
    public func refresh() -> Bool {
        let new = authorizer.status
        defer { status = new }
        return new != status
    }

    /// Continue: asks for access (the system prompt when not determined).
    public func requestAccess() async {
        status = await authorizer.requestAccess()
    }
}
