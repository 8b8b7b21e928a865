import Testing

@testable import InterestKit

@Suite("Canonicaliser")
struct CanonicalizerTests {
    static let canonicalizer: Canonicalizer? = (try? InterestModel.bundled()).map {
        Canonicalizer(vocabulary: $0.vocabulary)
    }

    @Test(
        "raw strings map to the tag a person would pick",
        arguments: [
            ("Indie Rock", "music:indie_rock"), ("R&B", "music:r_and_b"), ("K-Pop", "music:k_pop"),
            ("Hip-Hop", "music:hip_hop"), ("drum'n'bass", "music:drum_and_bass"),
            ("amenity=cafe", "venue:cafe"),
            ("MKPOICategoryBakery", "venue:bakery"), ("Café", "venue:cafe"), ("kahvila", "venue:cafe"),
            ("Trail Running", "activity:trail_running"), ("RAMEN", "cuisine:ramen"),
            ("Döner", "cuisine:kebab"),
            ("burger", "cuisine:burgers"), ("music:shoegaze", "music:shoegaze"),
            ("tourism=museum", "venue:museum"),
            ("Ice Swimming", "activity:ice_swimming"), ("avanto", "activity:ice_swimming"),
        ])
    func known(raw: String, tag: String) throws {
        let canonicalizer = try #require(Self.canonicalizer)
        #expect(canonicalizer.canonicalize(raw).tag?.rawValue == tag)
    }

    @Test(
        "plurals, stems, gerunds and everyday synonyms reach the tag people mean",
        arguments: [
            ("art", "culture:galleries", Canonicalizer.Match.synonym),
            ("Arts", "culture:galleries", .synonym), ("galleries", "culture:galleries", .slug),
            ("kayaking", "activity:kayaking", .slug), ("kayak", "activity:kayaking", .stem),
            ("kayaks", "activity:kayaking", .stem), ("hiking", "activity:hiking", .slug),
            ("hike", "activity:hiking", .stem), ("hikes", "activity:hiking", .stem),
            ("hikers", "activity:hiking", .stem), ("swim", "activity:swimming", .stem),
            ("run", "activity:running", .stem), ("climber", "activity:rock_climbing", .stem),
            ("paint", "activity:painting", .stem), ("ski", "activity:skiing", .stem),
            ("photos", "activity:photography", .synonym), ("beer", "food:craft_beer", .synonym),
            ("workout", "activity:gym", .synonym), ("the outdoors", "lifestyle:outdoor_life", .partial),
        ])
    func stemsAndEverydayWords(raw: String, tag: String, match: Canonicalizer.Match) throws {
        let canonicalizer = try #require(Self.canonicalizer)
        #expect(canonicalizer.canonicalize(raw) == .tag(try #require(InterestTag(tag)), match))
    }

    @Test("stems never beat an exact name, and short words do not grow into gerunds")
    func stemRules() {
        #expect(Canonicalizer.stems(of: "kayak").contains("kayaking"))
        #expect(Canonicalizer.stems(of: "hiking") == ["hik", "hike"])
        #expect(Canonicalizer.stems(of: "swimming").contains("swim"))
        #expect(Canonicalizer.stems(of: "sing").isEmpty)
        #expect(Canonicalizer.stems(of: "hike").contains("hiking"))
        #expect(Canonicalizer.stems(of: "go").isEmpty)
        #expect(Canonicalizer.stems(of: "sew").contains("sewwing") == false)
        #expect(Canonicalizer.stems(of: "trail_runner").contains("trail_running"))
    }

    @Test("Spotify's compound genres fall back to their longest known tail, marked partial")
    func partial() throws {
        let canonicalizer = try #require(Self.canonicalizer)
        #expect(
            canonicalizer.canonicalize("modern indie rock", preferring: "music")
                == .tag(InterestTag("music:indie_rock")!, .partial))
        #expect(
            canonicalizer.canonicalize("filter house", preferring: "music")
                == .tag(InterestTag("music:house")!, .partial))
    }

    @Test("the hinted category wins a name shared by two categories")
    func hint() throws {
        let canonicalizer = try #require(Self.canonicalizer)
        // "ice cream" is both a PlaceKit venue and a food.
        #expect(canonicalizer.canonicalize("ice cream", preferring: "food").tag?.rawValue == "food:ice_cream")
        #expect(
            canonicalizer.canonicalize("ice cream", preferring: "venue").tag?.rawValue == "venue:ice_cream")
    }

    @Test(
        "strings nothing fits are unknown, not a guess",
        arguments: ["", "   ", "qwxzptl", "permanent wave", "music:not_a_genre", "amenity=qwxz"])
    func unknown(raw: String) throws {
        let canonicalizer = try #require(Self.canonicalizer)
        #expect(canonicalizer.canonicalize(raw) == .unknown)
    }
}
