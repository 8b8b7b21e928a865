extension CategoryRegistry {
    /// Standard categories for eating, drinking and shopping (English and Finnish search terms).
    static let foodAndDrinkDefinitions: [CategoryDefinition] = [
        .init(
            "cafe", "Café", "cup.and.saucer.fill", "#8B5A2B",
            osm: ["amenity=cafe"], google: ["cafe", "coffee_shop"], apple: ["MKPOICategoryCafe"],
            terms: ["cafe", "café", "coffee", "coffee shop", "coffeehouse", "kahvila", "kahvi"]),
        .init(
            "restaurant", "Restaurant", "fork.knife", "#E8772E",
            osm: ["amenity=restaurant"], google: ["restaurant"], apple: ["MKPOICategoryRestaurant"],
            terms: ["restaurant", "dinner", "lunch", "food", "ravintola", "ruoka", "lounas"]),
        .init(
            "fast_food", "Fast food", "takeoutbag.and.cup.and.straw.fill", "#F29D38",
            osm: ["amenity=fast_food"], google: ["fast_food_restaurant", "meal_takeaway"],
            terms: ["fast food", "takeaway", "burger", "pikaruoka", "grilli"]),
        .init(
            "bar", "Bar", "wineglass.fill", "#A23B72",
            osm: ["amenity=bar"], google: ["bar", "wine_bar", "cocktail_bar"],
            apple: ["MKPOICategoryNightlife"],
            terms: ["bar", "cocktail", "cocktails", "drinks", "baari"]),
        .init(
            "pub", "Pub", "mug.fill", "#8E4A1C",
            osm: ["amenity=pub"], google: ["pub"],
            terms: ["pub", "beer", "olut", "oluet", "pubi", "kapakka"]),
        .init(
            "biergarten", "Beer garden", "leaf.fill", "#B5832B",
            osm: ["amenity=biergarten"], terms: ["beer garden", "biergarten", "terassi", "olutpuutarha"]),
        .init(
            "nightclub", "Nightclub", "music.note", "#6A2C91",
            osm: ["amenity=nightclub"], google: ["night_club"],
            terms: ["nightclub", "club", "disco", "yökerho", "klubi"]),
        .init(
            "ice_cream", "Ice cream", "birthday.cake.fill", "#F28AB2",
            osm: ["amenity=ice_cream", "shop=ice_cream"], google: ["ice_cream_shop"],
            terms: ["ice cream", "gelato", "jäätelö", "jäätelökioski"]),
        .init(
            "food_court", "Food court", "fork.knife.circle.fill", "#E58E26",
            osm: ["amenity=food_court"], google: ["food_court"], terms: ["food court", "ruokatori"]),
        .init(
            "bakery", "Bakery", "birthday.cake", "#C98B4B",
            osm: ["shop=bakery", "shop=pastry"], google: ["bakery"], apple: ["MKPOICategoryBakery"],
            terms: ["bakery", "bread", "pastry", "leipomo", "konditoria", "leipä"]),
        .init(
            "brewery", "Brewery", "drop.fill", "#B07A1E",
            osm: ["craft=brewery", "industrial=brewery"], apple: ["MKPOICategoryBrewery"],
            terms: ["brewery", "craft beer", "panimo"]),
        .init(
            "winery", "Winery", "wineglass", "#7B1F3A",
            osm: ["craft=winery"], google: ["winery"], apple: ["MKPOICategoryWinery"],
            terms: ["winery", "viinitila"]),
    ]

    /// Standard categories for shops.
    static let shopDefinitions: [CategoryDefinition] = [
        .init(
            "supermarket", "Supermarket", "cart.fill", "#3F7D3A",
            osm: ["shop=supermarket", "shop=grocery"], google: ["supermarket", "grocery_store"],
            apple: ["MKPOICategoryFoodMarket"],
            terms: [
                "supermarket", "grocery", "groceries", "grocery store", "ruokakauppa",
                "supermarketti", "market", "kauppa", "marketti",
            ]),
        .init(
            "convenience", "Convenience store", "basket.fill", "#4E9A45",
            osm: ["shop=convenience", "shop=kiosk"], google: ["convenience_store"],
            terms: ["convenience store", "kiosk", "corner shop", "bodega", "deli", "kioski", "lähikauppa"]),
        .init(
            "mall", "Shopping centre", "building.2.fill", "#5B6BD6",
            osm: ["shop=mall", "amenity=marketplace"], google: ["shopping_mall", "market"],
            terms: ["mall", "shopping centre", "shopping center", "kauppakeskus", "tori", "market square"]),
        .init(
            "department_store", "Department store", "bag.fill", "#6C7BE0",
            osm: ["shop=department_store"], google: ["department_store"],
            terms: ["department store", "tavaratalo"]),
        .init(
            "shop", "Shop", "bag", "#7A6FD0",
            osm: ["shop=yes", "shop=general", "shop=variety_store", "shop=gift"],
            google: ["store", "gift_shop"], apple: ["MKPOICategoryStore"],
            terms: ["shop", "store", "shopping", "gift shop", "liike", "myymälä", "ostokset"]),
        .init(
            "clothes", "Clothes", "tshirt.fill", "#9B59B6",
            osm: ["shop=clothes", "shop=fashion", "shop=boutique"], google: ["clothing_store"],
            terms: ["clothes", "clothing", "fashion", "vaatekauppa", "vaatteet", "muoti"]),
        .init(
            "shoes", "Shoes", "shoeprint.fill", "#8E44AD",
            osm: ["shop=shoes"], google: ["shoe_store"],
            terms: ["shoes", "shoe store", "kenkäkauppa", "kengät"]),
        .init(
            "books", "Bookshop", "book.fill", "#5D4E8C",
            osm: ["shop=books"], google: ["book_store"],
            terms: ["bookshop", "bookstore", "books", "kirjakauppa", "kirjat"]),
        .init(
            "florist", "Florist", "camera.macro", "#D94F8A",
            osm: ["shop=florist"], google: ["florist"], terms: ["florist", "flowers", "kukkakauppa", "kukat"]),
        .init(
            "electronics", "Electronics", "desktopcomputer", "#34495E",
            osm: ["shop=electronics", "shop=computer", "shop=mobile_phone"], google: ["electronics_store"],
            terms: ["electronics", "computers", "phones", "elektroniikka", "tietokoneet"]),
        .init(
            "furniture", "Furniture", "sofa.fill", "#7F6A4F",
            osm: ["shop=furniture", "shop=interior_decoration"],
            google: ["furniture_store", "home_goods_store"],
            terms: ["furniture", "home goods", "huonekalut", "sisustus"]),
        .init(
            "hardware", "Hardware store", "hammer.fill", "#7F8C8D",
            osm: ["shop=hardware", "shop=doityourself"],
            google: ["hardware_store", "home_improvement_store"],
            terms: ["hardware", "hardware store", "diy", "rautakauppa"]),
        .init(
            "jewelry", "Jewellery", "sparkles", "#C9A227",
            osm: ["shop=jewelry"], google: ["jewelry_store"],
            terms: ["jewellery", "jewelry", "koruliike", "korut"]),
        .init(
            "alcohol", "Liquor store", "wineglass", "#8C2D3E",
            osm: ["shop=alcohol", "shop=wine"], google: ["liquor_store"],
            terms: ["liquor store", "wine shop", "off licence", "alko", "viinakauppa"]),
        .init(
            "pet", "Pet shop", "pawprint.fill", "#B8860B",
            osm: ["shop=pet"], google: ["pet_store"],
            terms: ["pet shop", "pet store", "lemmikkikauppa", "eläinkauppa"]),
        .init(
            "bicycle_shop", "Bicycle shop", "bicycle", "#16A085",
            osm: ["shop=bicycle"], google: ["bicycle_store"],
            terms: ["bicycle shop", "bike shop", "pyöräliike", "polkupyöräkauppa"]),
        .init(
            "sports_shop", "Sports shop", "figure.run", "#1F8A70",
            osm: ["shop=sports", "shop=outdoor"], google: ["sporting_goods_store"],
            terms: ["sports shop", "sporting goods", "outdoor shop", "urheilukauppa", "urheiluliike"]),
        .init(
            "optician", "Optician", "eyeglasses", "#2E86C1",
            osm: ["shop=optician"], terms: ["optician", "glasses", "optikko", "silmälasit"]),
        .init(
            "hairdresser", "Hairdresser", "scissors", "#C0392B",
            osm: ["shop=hairdresser", "shop=barber"], google: ["hair_salon", "hair_care", "barber_shop"],
            terms: ["hairdresser", "barber", "haircut", "hair salon", "kampaamo", "parturi"]),
        .init(
            "beauty", "Beauty salon", "paintbrush.pointed.fill", "#E67E9F",
            osm: ["shop=beauty", "shop=cosmetics", "shop=nails"], google: ["beauty_salon", "nail_salon"],
            apple: ["MKPOICategoryBeauty"],
            terms: ["beauty salon", "cosmetics", "nails", "kauneushoitola", "kosmetiikka"]),
        .init(
            "laundry", "Laundry", "washer.fill", "#5DADE2",
            osm: ["shop=laundry", "shop=dry_cleaning"], google: ["laundry"], apple: ["MKPOICategoryLaundry"],
            terms: ["laundry", "laundromat", "dry cleaning", "pesula"]),
        .init(
            "butcher", "Butcher", "fork.knife", "#A93226",
            osm: ["shop=butcher", "shop=seafood", "shop=deli", "shop=greengrocer"], google: ["butcher_shop"],
            terms: ["butcher", "deli", "greengrocer", "lihakauppa", "kalakauppa"]),
        .init(
            "chemist", "Chemist", "drop.triangle.fill", "#48C9B0",
            osm: ["shop=chemist"], google: ["drugstore"], terms: ["chemist", "drugstore", "drug store"]),
    ]
}
