import Foundation
import LociLocalization

extension StringCatalog {
    /// PlaceKit's words: the standard categories' names.
    static let placeKit = StringCatalog.bundled(in: .module)
}

extension PlaceCategory {
    /// The category's name in `language`: "Kahvila" for `cafe` in Finnish. A fallback category
    /// (an unknown tag) keeps its English words.
    public func name(in language: AppLanguage = .current) -> String {
        Localizer(.placeKit, language)(displayName)
    }

    /// PlaceKit's catalog, for tests: `nil` failure when it loaded.
    public static var catalogLoadFailure: String? { StringCatalog.placeKit.loadFailure }
}

extension CategoryRegistry {
    /// The name of the category `id` in `language`; an id the registry does not know reads as its
    /// words (`amenity.foo_bar` → "Foo bar"), as ``PlacePresentation`` shows it.
    public func name(forID id: String, in language: AppLanguage = .current) -> String {
        if let known = category(id: id) { return known.name(in: language) }
        let parts = id.split(separator: ".", maxSplits: 1)
        guard parts.count == 2 else { return id }
        return Self.fallbackCategory(key: String(parts[0]), value: String(parts[1])).displayName
    }
}
