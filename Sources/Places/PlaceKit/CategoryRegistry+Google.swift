extension CategoryRegistry {
    /// Google Places (New) types ("Table A") that the standard definitions do not list, mapped
    /// to standard category ids. Cuisine-specific restaurants are restaurants, quick-service ones
    /// fast food; tea and juice shops are cafés; lodging variants are hotels.
    static let googleTypeAliases: [String: String] = [
        "american_restaurant": "restaurant", "bar_and_grill": "restaurant",
        "brazilian_restaurant": "restaurant",
        "breakfast_restaurant": "restaurant", "brunch_restaurant": "restaurant",
        "chinese_restaurant": "restaurant",
        "fine_dining_restaurant": "restaurant", "french_restaurant": "restaurant",
        "greek_restaurant": "restaurant",
        "indian_restaurant": "restaurant", "indonesian_restaurant": "restaurant",
        "italian_restaurant": "restaurant",
        "japanese_restaurant": "restaurant", "korean_restaurant": "restaurant",
        "lebanese_restaurant": "restaurant",
        "mediterranean_restaurant": "restaurant", "mexican_restaurant": "restaurant",
        "middle_eastern_restaurant": "restaurant", "pizza_restaurant": "restaurant",
        "ramen_restaurant": "restaurant",
        "seafood_restaurant": "restaurant", "spanish_restaurant": "restaurant", "steak_house": "restaurant",
        "sushi_restaurant": "restaurant", "thai_restaurant": "restaurant", "turkish_restaurant": "restaurant",
        "vegan_restaurant": "restaurant", "vegetarian_restaurant": "restaurant",
        "vietnamese_restaurant": "restaurant",
        "buffet_restaurant": "restaurant", "diner": "restaurant", "meal_delivery": "restaurant",
        "hamburger_restaurant": "fast_food", "sandwich_shop": "fast_food", "deli": "fast_food",
        "tea_house": "cafe", "juice_shop": "cafe", "cafeteria": "cafe", "coffee_roastery": "cafe",
        "dessert_shop": "bakery", "donut_shop": "bakery", "confectionery": "bakery", "candy_store": "bakery",
        "chocolate_shop": "bakery",
        "resort_hotel": "hotel", "extended_stay_hotel": "hotel", "inn": "hotel",
        "budget_japanese_inn": "hotel",
        "japanese_inn": "hotel", "private_guest_room": "hotel", "farmstay": "hotel", "cottage": "hotel",
        "lounge_bar": "bar", "sports_bar": "bar", "karaoke": "nightclub",
        "historical_place": "monument", "sculpture": "monument",
        "botanical_garden": "park", "dog_park": "park", "state_park": "park", "hiking_area": "park",
        "movie_rental": "shop", "discount_store": "shop", "cell_phone_store": "electronics",
        "wholesaler": "shop",
        "asian_grocery_store": "supermarket", "food_store": "supermarket",
        "physiotherapist": "clinic", "chiropractor": "clinic", "medical_lab": "clinic",
        "bus_stop": "bus_stop", "taxi_stand": "parking", "transit_depot": "bus_station",
        "airstrip": "airport", "international_airport": "airport",
        "administrative_area_level_1": "locality", "administrative_area_level_2": "locality",
        "postal_town": "locality",
    ]

    /// Google's generic types, which say nothing about what a place is and are skipped when
    /// resolving a category.
    public static let genericGoogleTypes: Set<String> = [
        "point_of_interest", "establishment", "food", "store", "political", "geocode", "premise",
        "subpremise",
        "health", "finance", "general_contractor",
    ]

    /// The category for a Google place: its `primaryType` first, then each of `types` in order,
    /// each through the standard table and then ``googleTypeAliases``; when nothing maps, a
    /// fallback `google.<type>` for the first specific type (``fallbackCategory(key:value:)``),
    /// then the standard `shop` for a bare `store`, else `google.establishment`.
    public func category(forGooglePrimaryType primaryType: String?, types: [String]) -> PlaceCategory {
        let ordered = (primaryType.map { [$0] } ?? []) + types
        for type in ordered {
            if let category = category(forGoogleType: type) { return category }
            if let id = Self.googleTypeAliases[type], let category = byID[id] { return category }
        }
        if let specific = ordered.first(where: { !Self.genericGoogleTypes.contains($0) && !$0.isEmpty }) {
            return Self.fallbackCategory(key: "google", value: specific)
        }
        if ordered.contains("store"), let shop = byID["shop"] { return shop }
        return Self.fallbackCategory(key: "google", value: "establishment")
    }
}

extension CategoryRegistry {
    /// The Google types that map to a standard category, table types first, then aliases
    /// (sorted); empty for fallback or unknown ids. Used to ask Google for a category
    /// (`includedTypes`).
    public func googleTypes(forCategory id: String) -> [String] {
        let table = byGoogleType.filter { $0.value == id }.map(\.key).sorted()
        let aliases = Self.googleTypeAliases.filter { $0.value == id }.map(\.key).sorted()
        return table + aliases
    }
}
