extension CategoryRegistry {
    /// Standard categories for transport, places (localities) and nature.
    static let transportAndNatureDefinitions: [CategoryDefinition] = [
        .init(
            "train_station", "Train station", "tram.fill", "#2C3E50",
            osm: ["railway=station", "railway=halt", "public_transport=station", "building=train_station"],
            google: ["train_station", "transit_station", "light_rail_station"],
            apple: ["MKPOICategoryPublicTransport"],
            terms: ["train station", "station", "railway station", "rautatieasema", "asema", "juna-asema"]),
        .init(
            "subway_station", "Metro station", "tram.circle.fill", "#E67E22",
            osm: ["railway=subway_entrance", "station=subway"], google: ["subway_station"],
            terms: ["metro", "subway", "underground", "metro station", "subway station", "metroasema"]),
        .init(
            "tram_stop", "Tram stop", "tram", "#27AE60",
            osm: ["railway=tram_stop"],
            terms: ["tram stop", "tram", "raitiovaunu", "raitiovaunupysäkki", "ratikka"]),
        .init(
            "bus_stop", "Bus stop", "bus.fill", "#2980B9",
            osm: ["highway=bus_stop", "public_transport=platform", "public_transport=stop_position"],
            google: ["bus_stop"], terms: ["bus stop", "bus", "bussipysäkki", "pysäkki", "bussi"]),
        .init(
            "bus_station", "Bus station", "bus.doubledecker.fill", "#1F618D",
            osm: ["amenity=bus_station"], google: ["bus_station"],
            terms: ["bus station", "coach station", "linja-autoasema", "bussiasema"]),
        .init(
            "ferry_terminal", "Ferry terminal", "ferry.fill", "#154360",
            osm: ["amenity=ferry_terminal"], google: ["ferry_terminal"],
            terms: ["ferry", "ferry terminal", "lautta", "lauttaterminaali", "satamaterminaali"]),
        .init(
            "airport", "Airport", "airplane", "#5499C7",
            osm: ["aeroway=aerodrome", "aeroway=terminal"], google: ["airport"],
            apple: ["MKPOICategoryAirport"],
            terms: ["airport", "lentokenttä", "lentoasema"]),
        .init(
            "peak", "Peak", "mountain.2.fill", "#6E2C00",
            osm: ["natural=peak", "natural=volcano", "natural=hill"], apple: ["MKPOICategoryHiking"],
            terms: ["peak", "mountain", "summit", "hill", "huippu", "vuori", "mäki"]),
        .init(
            "water", "Water", "water.waves", "#2E86C1",
            osm: ["natural=water", "natural=bay", "natural=spring", "waterway=waterfall"],
            terms: ["lake", "water", "waterfall", "järvi", "lahti", "vesiputous"]),
        .init(
            "island", "Island", "globe.europe.africa.fill", "#52BE80",
            osm: ["place=island", "place=islet"], terms: ["island", "saari", "luoto"]),
        .init(
            "locality", "Locality", "mappin.and.ellipse", "#7F8C8D",
            osm: [
                "place=city", "place=town", "place=village", "place=hamlet", "place=suburb",
                "place=quarter", "place=neighbourhood", "place=locality",
            ],
            google: ["locality", "neighborhood", "sublocality"],
            terms: [
                "city", "town", "village", "neighbourhood", "district", "kaupunki", "kylä",
                "kaupunginosa",
            ]),
    ]
}
