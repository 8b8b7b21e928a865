import UIKit

/// The app's foreground state, read where an adapter must know whether a system alert is up.
@MainActor
enum ApplicationState {
    /// Whether the app is inactive (a system alert, such as a permission prompt, is over it).
    static var isInactive: Bool { UIApplication.shared.applicationState == .inactive }
}
