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
