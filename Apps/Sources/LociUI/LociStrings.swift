import Foundation
import LociLocalization

extension StringCatalog {
    /// LociUI's catalog (`Localizable.xcstrings` beside this file), loaded once; an unreadable
    /// catalog answers the English keys.
    static let lociUI = StringCatalog.bundled(in: .module)
}
