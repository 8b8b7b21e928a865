import LociLocalization
import PlaceKit
import Testing

@Suite("A category's name in the person's language")
struct CategoryNameTests {
    @Test("PlaceKit's catalog loads and names every standard category in Finnish")
    func everyCategory() throws {
        #expect(PlaceCategory.catalogLoadFailure == nil)
        let registry = CategoryRegistry.standard
        #expect(registry.allCategories.count >= 100)
        for category in registry.allCategories {
            #expect(category.name(in: .english) == category.displayName)
            #expect(category.name(in: .finnish) != category.displayName || category.displayName == "Sauna"
                || category.displayName == "Golf" || category.displayName == "Supermarket",
                "\(category.id) has no Finnish name")
        }
    }

    @Test("Known ids read in Finnish; an unknown tag keeps its words")
    func byID() {
        let registry = CategoryRegistry.standard
        #expect(registry.name(forID: "cafe", in: .finnish) == "Kahvila")
        #expect(registry.name(forID: "subway_station", in: .finnish) == "Metroasema")
        #expect(registry.name(forID: "cafe", in: .english) == "Café")
        #expect(registry.name(forID: "amenity.foo_bar", in: .finnish) == "Foo bar")
        #expect(registry.name(forID: "nonsense", in: .finnish) == "nonsense")
    }
}
