import Testing

@testable import PlaceKit

@Suite("Category registry")
struct CategoryRegistryTests {
    let registry = CategoryRegistry.standard

    @Test(
        "common OSM tags map to standard categories",
        arguments: [
            (["amenity": "cafe"], "cafe"),
            (["amenity": "restaurant"], "restaurant"),
            (["amenity": "pharmacy"], "pharmacy"),
            (["healthcare": "pharmacy"], "pharmacy"),
            (["shop": "supermarket"], "supermarket"),
            (["shop": "bakery"], "bakery"),
            (["tourism": "museum"], "museum"),
            (["tourism": "hotel"], "hotel"),
            (["leisure": "park"], "park"),
            (["historic": "castle"], "castle"),
            (["amenity": "library"], "library"),
            (["railway": "station"], "train_station"),
            (["railway": "station", "station": "subway"], "subway_station"),
            (["natural": "peak"], "peak"),
            (["amenity": "cafe;restaurant"], "cafe"),
            (["amenity": " Bar "], "bar"),
        ])
    func mapsCommonTags(tags: [String: String], expected: String) {
        #expect(registry.category(forTags: tags)?.id == expected)
    }

    @Test("amenity outranks shop, and a standard mapping outranks a fallback")
    func priority() {
        #expect(registry.category(forTags: ["amenity": "cafe", "shop": "bakery"])?.id == "cafe")
        #expect(registry.category(forTags: ["amenity": "foo_bar", "shop": "bakery"])?.id == "bakery")
        #expect(
            registry.category(forTags: ["amenity": "foo_bar", "shop": "ski_wax"])?.id == "amenity.foo_bar")
    }

    @Test("streets, plain buildings and 'no' values have no category")
    func noCategory() {
        #expect(registry.category(forTags: ["highway": "residential", "name": "Mannerheimintie"]) == nil)
        #expect(registry.category(forTags: ["building": "yes"]) == nil)
        #expect(registry.category(forTags: ["amenity": "no"]) == nil)
        #expect(registry.category(forTags: ["railway": "rail"]) == nil)
        #expect(registry.category(forTags: [:]) == nil)
    }

    @Test("an unknown value gets a deterministic fallback with an FNV-1a colour")
    func fallback() throws {
        let category = try #require(registry.category(forTags: ["amenity": "foo_bar"]))
        #expect(category.id == "amenity.foo_bar")
        #expect(category.displayName == "Foo bar")
        #expect(category.symbolName == "mappin.circle.fill")
        #expect(category.isFallback)
        // FNV-1a 32("amenity.foo_bar") = 4036367232 (computed with a Python one-liner);
        // channels 0x30 + byte % 0x90 → #3643B0.
        #expect(category.colorHex == "#3643B0")
        #expect(CategoryRegistry.fallbackCategory(key: "shop", value: "ski_wax").colorHex == "#A0AA75")
        #expect(CategoryRegistry.fallbackCategory(key: "shop", value: "ski_wax").symbolName == "bag.fill")
        #expect(registry.category(id: "amenity.foo_bar") == category)
    }

    @Test("FNV-1a matches the published test vectors")
    func fnvVectors() {
        #expect(FNV1a.hash32("") == 0x811C_9DC5)
        #expect(FNV1a.hash32("a") == 0xE40C_292C)
        #expect(FNV1a.hash32("amenity.foo_bar") == 4_036_367_232)
    }

    @Test("lookup by id finds standard categories and refuses unknown ids")
    func lookupByID() {
        #expect(registry.category(id: "cafe")?.symbolName == "cup.and.saucer.fill")
        #expect(registry.category(id: "cafe")?.colorHex == "#8B5A2B")
        #expect(registry.category(id: "no_such_category") == nil)
        #expect(registry.category(id: "highway.motorway") == nil)
    }

    @Test("the standard table is consistent")
    func tableConsistency() {
        #expect(registry.allCategories.count >= 80)
        #expect(Set(registry.allCategories.map(\.id)).count == registry.allCategories.count)
        for category in registry.allCategories {
            #expect(!category.isFallback, "\(category.id)")
            #expect(category.colorHex.count == 7 && category.colorHex.hasPrefix("#"), "\(category.id)")
            #expect(!category.searchTerms.isEmpty, "\(category.id)")
        }
    }

    @Test(
        "queries match categories regardless of case and diacritics",
        arguments: [
            ("Kahvila", "cafe"), ("CAFE", "cafe"), ("café", "cafe"), ("Cafés", "cafe"),
            ("coffee", "cafe"), ("ravintola", "restaurant"), ("restaurants", "restaurant"),
            ("apteekki", "pharmacy"), ("museo", "museum"), ("Museums", "museum"),
            ("kirjasto", "library"), ("hotelli", "hotel"), ("baari", "bar"), ("baarit", "bar"),
            ("  Coffee   Shop ", "cafe"), ("jaatelo", "ice_cream"), ("Jäätelö", "ice_cream"),
            ("pharmacies", "pharmacy"),
        ])
    func queryMatching(query: String, expected: String) {
        #expect(registry.categories(matchingQuery: query).map(\.id).contains(expected))
    }

    @Test("name-like queries match no category", arguments: ["Blue Bottle", "Ateneum", "caf", ""])
    func nameQueries(query: String) {
        #expect(registry.categories(matchingQuery: query).isEmpty)
    }

    @Test("Google types and Apple POI categories map to the same standard categories")
    func providerTables() {
        #expect(registry.category(forGoogleType: "cafe")?.id == "cafe")
        #expect(registry.category(forGoogleType: "restaurant")?.id == "restaurant")
        #expect(registry.category(forGoogleType: "museum")?.id == "museum")
        #expect(registry.category(forGoogleTypes: ["point_of_interest", "bakery", "cafe"])?.id == "bakery")
        #expect(registry.category(forGoogleType: "point_of_interest") == nil)
        #expect(registry.category(forAppleCategory: "MKPOICategoryCafe")?.id == "cafe")
        #expect(registry.category(forAppleCategory: "MKPOICategoryMuseum")?.id == "museum")
        #expect(registry.category(forAppleCategory: "MKPOICategoryUnknownThing") == nil)
    }
}
