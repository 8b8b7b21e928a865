import Foundation
import GeoKit

extension Place {
    /// Keys read as alternative names, in output order; `name:<lang>` keys follow, sorted by key.
    public static let alternativeNameKeys = [
        "alt_name", "old_name", "official_name", "short_name", "int_name", "loc_name",
    ]

    /// Facts that count towards tag richness in ``importance(tags:hasValidWikidata:)``; each
    /// group counts once if any of its keys is present with a non-blank value.
    public static let richnessKeyGroups: [[String]] = [
        ["name"], ["addr:street", "addr:place"], ["addr:housenumber"], ["phone", "contact:phone"],
        ["website", "contact:website", "url"], ["opening_hours"], ["wheelchair"], ["cuisine"],
        ["brand"], ["operator"], ["email", "contact:email"], ["image"], ["description"],
    ]

    /// Builds a place from an OSM element, or returns `nil` when the element is not a place.
    ///
    /// The rule: the element needs a category from `registry` (see
    /// ``CategoryRegistry/category(forTags:)``). A standard category is enough on its own (an
    /// unnamed pharmacy is still worth showing); a fallback category (an unknown value such as
    /// `amenity=bench_x`) also needs a non-blank `name`. Named elements with no category key
    /// (streets, plain buildings, land use) are not places.
    public static func fromOSM(
        type: OSMElementType, id: Int64, coordinate: Coordinate, tags: [String: String],
        registry: CategoryRegistry = .standard
    ) -> Place? {
        let name = firstValue(tags["name"])
        guard let category = registry.category(forTags: tags) else { return nil }
        if category.isFallback && name == nil { return nil }
        let wikidata = validWikidataID(tags["wikidata"])
        return Place(
            id: PlaceID(osm: type, id: id),
            name: name,
            alternativeNames: alternativeNames(tags: tags, excluding: name),
            category: category.id,
            coordinate: coordinate,
            address: PostalAddress(osmTags: tags),
            phone: firstValue(tags["phone"]) ?? firstValue(tags["contact:phone"]),
            website: firstValue(tags["website"]) ?? firstValue(tags["contact:website"])
                ?? firstValue(tags["url"]),
            openingHours: tags["opening_hours"].map { OpeningHours($0) },
            wikidataID: wikidata,
            wikipedia: firstValue(tags["wikipedia"]),
            importance: importance(tags: tags, hasValidWikidata: wikidata != nil),
            tags: tags)
    }

    /// Alternative names from ``alternativeNameKeys`` then `name:<lang>` keys (sorted by key),
    /// each value split on `;`, trimmed, blanks dropped, deduplicated case-sensitively in first-seen
    /// order, and `excluding` (the primary name) left out.
    public static func alternativeNames(tags: [String: String], excluding primary: String?) -> [String] {
        let languageKeys = tags.keys.filter { $0.hasPrefix("name:") }.sorted()
        var seen: Set<String> = primary.map { [$0] } ?? []
        var names: [String] = []
        for key in alternativeNameKeys + languageKeys {
            guard let value = tags[key] else { continue }
            for part in value.split(separator: ";") {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty, seen.insert(name).inserted else { continue }
                names.append(name)
            }
        }
        return names
    }

    /// A Wikidata item id if `value` (trimmed) is `Q` followed by digits without a leading zero.
    public static func validWikidataID(_ value: String?) -> String? {
        guard let text = value?.trimmingCharacters(in: .whitespaces), text.count >= 2,
            text.first == "Q"
        else { return nil }
        let digits = text.dropFirst()
        guard digits.first != "0", digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return text
    }

    /// The importance prior, in 0…1:
    /// `0.4 × [valid wikidata] + 0.2 × [wikipedia tag] + 0.4 × min(1, r / 8)`,
    /// where `r` is how many of ``richnessKeyGroups`` are present (13 groups; 8 or more
    /// saturate). Wikidata and Wikipedia links mark notable places (Nominatim derives its
    /// importance from Wikipedia links); richness separates well-mapped places from bare ones.
    public static func importance(tags: [String: String], hasValidWikidata: Bool) -> Double {
        let richness = richnessKeyGroups.filter { group in
            group.contains { firstValue(tags[$0]) != nil }
        }.count
        let wikipedia = firstValue(tags["wikipedia"]) != nil
        return 0.4 * (hasValidWikidata ? 1 : 0) + 0.2 * (wikipedia ? 1 : 0)
            + 0.4 * min(1, Double(richness) / 8)
    }

    /// The first `;`-separated part of a tag value, trimmed; `nil` if blank or absent.
    static func firstValue(_ value: String?) -> String? {
        guard let value else { return nil }
        let first = value.split(separator: ";").first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard let first, !first.isEmpty else { return nil }
        return first
    }
}
