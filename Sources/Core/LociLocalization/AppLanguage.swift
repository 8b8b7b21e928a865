import Foundation

/// A language the apps speak: English (the keys' language) and Finnish (the sample data is
/// Helsinki's).
public struct AppLanguage: Sendable, Hashable, CustomStringConvertible {
    /// The language code a catalog uses (`en`, `fi`).
    public let code: String

    /// A language by its code.
    public init(_ code: String) { self.code = code }

    /// English, the language the keys are written in.
    public static let english = AppLanguage("en")
    /// Finnish.
    public static let finnish = AppLanguage("fi")
    /// Every language each catalog must have complete.
    public static let supported: [AppLanguage] = [.english, .finnish]

    /// The locale numbers, dates and units are formatted in.
    public var locale: Locale { Locale(identifier: code) }

    /// The code.
    public var description: String { code }

    /// The person's language: the first the app's bundle chose or the person prefers that Loci
    /// supports, else English. The app bundle's choice comes first so words from a module's
    /// catalog match the SwiftUI literals looked up in the app's catalog.
    public static var current: AppLanguage {
        preferred(from: Bundle.main.preferredLocalizations + Locale.preferredLanguages)
    }

    /// The first of `identifiers` (BCP 47: `fi-FI`, `en_GB`, `fi`) whose language is supported,
    /// else English.
    public static func preferred(from identifiers: [String]) -> AppLanguage {
        for identifier in identifiers {
            let language = identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map {
                $0.lowercased()
            }
            if let match = supported.first(where: { $0.code == language }) { return match }
        }
        return .english
    }
}
