import Foundation

/// Maps provider categories (OSM tags, Google Places types, Apple `MKPOICategory` values) to
/// standard ``PlaceCategory`` values, and category-intent queries ("kahvila", "CAFE") to categories.
///
/// OSM resolution (``category(forTags:)``):
/// 1. Keys are tried in ``keyPriority`` order (amenity > shop > tourism > leisure > historic >
///    office > craft > healthcare > station > railway > public_transport > aeroway > highway >
///    natural > waterway > boundary > place > industrial > building); the first `key=value` with a
///    standard mapping wins, so `amenity=cafe` + `shop=bakery` is a café.
/// 2. If no key has a standard mapping, the first key in ``fallbackKeys`` present with a usable
///    value yields a deterministic fallback (``fallbackCategory(key:value:)``), e.g.
///    `amenity=foo_bar` → `"amenity.foo_bar"`.
/// 3. Otherwise there is no category (`nil`): streets, buildings, land use are not places.
///
/// Values are cleaned first: only the part before the first `;` counts, surrounding spaces are
/// dropped, and empty values and `no` are ignored.
public struct CategoryRegistry: Sendable {
    /// OSM keys in the order they are consulted.
    public let keyPriority: [String]
    /// OSM keys whose unknown values get a fallback category; other keys only count when mapped.
    public let fallbackKeys: Set<String>
    /// All standard categories, in table order.
    public let allCategories: [PlaceCategory]

    let byID: [String: PlaceCategory]
    let byOSMTag: [String: String]
    let byGoogleType: [String: String]
    let byAppleCategory: [String: String]
    let bySearchTerm: [String: [String]]

    /// Builds a registry from definitions. Later definitions never replace an earlier mapping of
    /// the same provider code, so the table order decides conflicts.
    public init(definitions: [CategoryDefinition], keyPriority: [String], fallbackKeys: Set<String>) {
        self.keyPriority = keyPriority
        self.fallbackKeys = fallbackKeys
        var categories: [PlaceCategory] = []
        var byID: [String: PlaceCategory] = [:]
        var byOSMTag: [String: String] = [:]
        var byGoogleType: [String: String] = [:]
        var byAppleCategory: [String: String] = [:]
        var bySearchTerm: [String: [String]] = [:]
        for definition in definitions {
            let category = definition.category
            guard byID[category.id] == nil else { continue }
            categories.append(category)
            byID[category.id] = category
            for tag in definition.osmTags where byOSMTag[tag] == nil { byOSMTag[tag] = category.id }
            for type in definition.googleTypes where byGoogleType[type] == nil {
                byGoogleType[type] = category.id
            }
            for raw in definition.appleCategories where byAppleCategory[raw] == nil {
                byAppleCategory[raw] = category.id
            }
            for term in category.searchTerms + [category.displayName] {
                let key = CategoryRegistry.normalizedQuery(term)
                guard !key.isEmpty else { continue }
                if bySearchTerm[key, default: []].contains(category.id) == false {
                    bySearchTerm[key, default: []].append(category.id)
                }
            }
        }
        self.allCategories = categories
        self.byID = byID
        self.byOSMTag = byOSMTag
        self.byGoogleType = byGoogleType
        self.byAppleCategory = byAppleCategory
        self.bySearchTerm = bySearchTerm
    }

    /// The standard registry: about 100 categories covering the common OSM amenity, shop, tourism,
    /// leisure, historic, office, craft, healthcare, transport and nature values, with English and
    /// Finnish search terms and small Google and Apple tables.
    public static let standard = CategoryRegistry(
        definitions: foodAndDrinkDefinitions + shopDefinitions + serviceDefinitions
            + leisureDefinitions + transportAndNatureDefinitions,
        keyPriority: [
            "amenity", "shop", "tourism", "leisure", "historic", "office", "craft", "healthcare",
            "station", "railway", "public_transport", "aeroway", "highway", "natural", "waterway",
            "boundary", "place", "industrial", "building",
        ],
        fallbackKeys: [
            "amenity", "shop", "tourism", "leisure", "historic", "office", "craft", "healthcare",
        ])

    /// The category with this id: a standard one, or a regenerated fallback for ids of the form
    /// `key.value` whose key is in ``fallbackKeys`` or is `google` (unmapped Google types, see
    /// ``category(forGooglePrimaryType:types:)``). `nil` for anything else.
    public func category(id: String) -> PlaceCategory? {
        if let category = byID[id] { return category }
        guard let dot = id.firstIndex(of: ".") else { return nil }
        let key = String(id[..<dot])
        let value = String(id[id.index(after: dot)...])
        guard fallbackKeys.contains(key) || key == "google", !value.isEmpty else { return nil }
        return CategoryRegistry.fallbackCategory(key: key, value: value)
    }

    /// The category for an OSM element's tags, following the rules in the type's documentation;
    /// `nil` when no consulted key is present with a usable value.
    public func category(forTags tags: [String: String]) -> PlaceCategory? {
        var firstFallback: PlaceCategory?
        for key in keyPriority {
            guard let raw = tags[key], let value = CategoryRegistry.cleanedValue(raw) else { continue }
            if let id = byOSMTag["\(key)=\(value)"], let category = byID[id] { return category }
            if firstFallback == nil, fallbackKeys.contains(key) {
                firstFallback = CategoryRegistry.fallbackCategory(key: key, value: value)
            }
        }
        return firstFallback
    }

    /// The standard category mapped from one OSM `key=value`, or `nil` if unmapped.
    public func standardCategory(osmKey key: String, value: String) -> PlaceCategory? {
        guard let value = CategoryRegistry.cleanedValue(value), let id = byOSMTag["\(key)=\(value)"] else {
            return nil
        }
        return byID[id]
    }

    /// The standard category for a Google Places (New) type such as `"cafe"`, or `nil`.
    public func category(forGoogleType type: String) -> PlaceCategory? {
        byGoogleType[type].flatMap { byID[$0] }
    }

    /// The first mapped category among Google's `types` (Google lists the primary type first).
    public func category(forGoogleTypes types: [String]) -> PlaceCategory? {
        for type in types { if let category = category(forGoogleType: type) { return category } }
        return nil
    }

    /// The standard category for an Apple `MKPOICategory` raw value such as
    /// `"MKPOICategoryCafe"`, or `nil`.
    public func category(forAppleCategory rawValue: String) -> PlaceCategory? {
        byAppleCategory[rawValue].flatMap { byID[$0] }
    }

    /// The usable part of an OSM value: text before the first `;`, trimmed, lower-cased; `nil`
    /// for empty values and `no`.
    static func cleanedValue(_ raw: String) -> String? {
        let first = raw.split(separator: ";", omittingEmptySubsequences: false).first ?? ""
        let value = first.trimmingCharacters(in: .whitespaces).lowercased()
        guard !value.isEmpty, value != "no" else { return nil }
        return value
    }
}
