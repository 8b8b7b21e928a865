extension CategoryRegistry {
    /// Standard categories for culture, tourism, leisure and sport.
    static let leisureDefinitions: [CategoryDefinition] = [
        .init(
            "museum", "Museum", "building.columns.fill", "#7D3C98",
            osm: ["tourism=museum"], google: ["museum"], apple: ["MKPOICategoryMuseum"],
            terms: ["museum", "museo"]),
        .init(
            "gallery", "Gallery", "photo.artframe", "#AF7AC5",
            osm: ["tourism=gallery", "shop=art"], google: ["art_gallery"],
            terms: ["gallery", "art gallery", "galleria", "taidegalleria"]),
        .init(
            "arts_centre", "Arts centre", "paintpalette.fill", "#A569BD",
            osm: ["amenity=arts_centre"], google: ["cultural_center"],
            terms: ["arts centre", "arts center", "cultural centre", "kulttuurikeskus"]),
        .init(
            "theatre", "Theatre", "theatermasks.fill", "#943126",
            osm: ["amenity=theatre"], google: ["performing_arts_theater"], apple: ["MKPOICategoryTheater"],
            terms: ["theatre", "theater", "teatteri", "ooppera", "opera"]),
        .init(
            "cinema", "Cinema", "film.fill", "#641E16",
            osm: ["amenity=cinema"], google: ["movie_theater"], apple: ["MKPOICategoryMovieTheater"],
            terms: ["cinema", "movie theater", "movies", "elokuvateatteri", "elokuvat", "leffa"]),
        .init(
            "concert_hall", "Music venue", "music.mic", "#76448A",
            osm: ["amenity=music_venue", "amenity=concert_hall"], google: ["concert_hall"],
            apple: ["MKPOICategoryMusicVenue"],
            terms: ["music venue", "concert hall", "konserttitalo", "konserttisali"]),
        .init(
            "attraction", "Attraction", "star.fill", "#D4AC0D",
            osm: ["tourism=attraction", "tourism=artwork", "tourism=yes"],
            google: ["tourist_attraction", "cultural_landmark"], apple: ["MKPOICategoryLandmark"],
            terms: ["attraction", "sight", "sights", "sightseeing", "landmark", "nähtävyys", "nähtävyydet"]),
        .init(
            "viewpoint", "Viewpoint", "binoculars.fill", "#2E86C1",
            osm: ["tourism=viewpoint"], google: ["observation_deck"],
            terms: ["viewpoint", "view", "lookout", "näköalapaikka", "näköala"]),
        .init(
            "information", "Tourist information", "info.circle.fill", "#2874A6",
            osm: ["tourism=information"], google: ["tourist_information_center", "visitor_center"],
            terms: ["tourist information", "visitor centre", "matkailuneuvonta"]),
        .init(
            "hotel", "Hotel", "bed.double.fill", "#1A5276",
            osm: ["tourism=hotel", "tourism=motel", "tourism=guest_house", "tourism=apartment"],
            google: ["hotel", "lodging", "motel", "guest_house", "bed_and_breakfast"],
            apple: ["MKPOICategoryHotel"],
            terms: ["hotel", "motel", "guest house", "accommodation", "lodging", "hotelli", "majoitus"]),
        .init(
            "hostel", "Hostel", "bed.double", "#2471A3",
            osm: ["tourism=hostel"], google: ["hostel"],
            terms: ["hostel", "youth hostel", "hostelli", "retkeilymaja"]),
        .init(
            "camp_site", "Campsite", "tent.fill", "#196F3D",
            osm: ["tourism=camp_site", "tourism=caravan_site"], google: ["campground", "rv_park"],
            apple: ["MKPOICategoryCampground", "MKPOICategoryRVPark"],
            terms: ["campsite", "campground", "camping", "leirintäalue", "leirintä"]),
        .init(
            "zoo", "Zoo", "tortoise.fill", "#7DCEA0",
            osm: ["tourism=zoo"], google: ["zoo"], apple: ["MKPOICategoryZoo"],
            terms: ["zoo", "eläintarha"]),
        .init(
            "aquarium", "Aquarium", "fish.fill", "#1ABC9C",
            osm: ["tourism=aquarium"], google: ["aquarium"], apple: ["MKPOICategoryAquarium"],
            terms: ["aquarium", "akvaario"]),
        .init(
            "theme_park", "Theme park", "ferriswheel", "#E74C3C",
            osm: ["tourism=theme_park"], google: ["amusement_park"], apple: ["MKPOICategoryAmusementPark"],
            terms: ["theme park", "amusement park", "huvipuisto"]),
        .init(
            "park", "Park", "tree.fill", "#58A65C",
            osm: ["leisure=park", "leisure=garden", "boundary=national_park"],
            google: ["park", "national_park", "garden"],
            apple: ["MKPOICategoryPark", "MKPOICategoryNationalPark"],
            terms: ["park", "garden", "puisto", "puutarha", "kansallispuisto"]),
        .init(
            "playground", "Playground", "figure.and.child.holdinghands", "#F5B041",
            osm: ["leisure=playground"], google: ["playground"], terms: ["playground", "leikkipuisto"]),
        .init(
            "fitness", "Gym", "dumbbell.fill", "#CA6F1E",
            osm: ["leisure=fitness_centre", "leisure=sports_centre"], google: ["gym", "fitness_center"],
            apple: ["MKPOICategoryFitnessCenter"],
            terms: [
                "gym", "fitness", "fitness centre", "sports centre", "kuntosali", "sali", "urheilukeskus",
            ]),
        .init(
            "swimming", "Swimming", "figure.pool.swim", "#2E86C1",
            osm: ["leisure=swimming_pool", "leisure=water_park", "amenity=public_bath"],
            google: ["swimming_pool"], apple: ["MKPOICategorySwimming"],
            terms: ["swimming pool", "swimming", "pool", "uimahalli", "uimala", "maauimala"]),
        .init(
            "sauna", "Sauna", "flame", "#BA4A00",
            osm: ["leisure=sauna", "amenity=sauna"], google: ["sauna", "spa"], apple: ["MKPOICategorySpa"],
            terms: ["sauna", "spa", "kylpylä", "yleinen sauna"]),
        .init(
            "stadium", "Stadium", "sportscourt.fill", "#1E8449",
            osm: ["leisure=stadium", "leisure=pitch", "leisure=track"], google: ["stadium", "arena"],
            apple: ["MKPOICategoryStadium"],
            terms: ["stadium", "arena", "sports field", "stadion", "urheilukenttä", "kenttä"]),
        .init(
            "golf", "Golf", "figure.golf", "#229954",
            osm: ["leisure=golf_course", "leisure=miniature_golf"], google: ["golf_course"],
            apple: ["MKPOICategoryGolf", "MKPOICategoryMiniGolf"],
            terms: ["golf", "golf course", "golfkenttä"]),
        .init(
            "beach", "Beach", "beach.umbrella.fill", "#F7DC6F",
            osm: ["natural=beach", "leisure=beach_resort"], google: ["beach"], apple: ["MKPOICategoryBeach"],
            terms: ["beach", "uimaranta", "ranta"]),
        .init(
            "marina", "Marina", "sailboat.fill", "#1F618D",
            osm: ["leisure=marina"], google: ["marina"], apple: ["MKPOICategoryMarina"],
            terms: ["marina", "harbour", "venesatama", "satama"]),
        .init(
            "monument", "Monument", "building.columns", "#A04000",
            osm: ["historic=monument", "historic=memorial", "historic=statue"],
            google: ["monument", "historical_landmark"], apple: ["MKPOICategoryNationalMonument"],
            terms: ["monument", "memorial", "statue", "muistomerkki", "patsas"]),
        .init(
            "castle", "Castle", "building.fill", "#873600",
            osm: ["historic=castle", "historic=fort", "historic=ruins"], google: ["castle"],
            apple: ["MKPOICategoryCastle", "MKPOICategoryFortress"],
            terms: ["castle", "fortress", "fort", "ruins", "linna", "linnoitus", "rauniot"]),
        .init(
            "historic", "Historic site", "clock.arrow.circlepath", "#935116",
            osm: ["historic=yes", "historic=building", "historic=archaeological_site", "historic=manor"],
            terms: ["historic site", "history", "historiallinen kohde"]),
    ]
}
