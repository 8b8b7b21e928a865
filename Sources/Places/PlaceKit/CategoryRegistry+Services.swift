extension CategoryRegistry {
    /// Standard categories for health, money, public and everyday services.
    static let serviceDefinitions: [CategoryDefinition] = [
        .init(
            "pharmacy", "Pharmacy", "cross.case.fill", "#27AE60",
            osm: ["amenity=pharmacy", "healthcare=pharmacy"], google: ["pharmacy"],
            apple: ["MKPOICategoryPharmacy"], terms: ["pharmacy", "apteekki", "medicine", "lääkkeet"]),
        .init(
            "hospital", "Hospital", "cross.fill", "#E74C3C",
            osm: ["amenity=hospital", "healthcare=hospital"], google: ["hospital"],
            apple: ["MKPOICategoryHospital"], terms: ["hospital", "emergency room", "sairaala", "päivystys"]),
        .init(
            "clinic", "Clinic", "stethoscope", "#EC7063",
            osm: [
                "amenity=clinic", "amenity=doctors", "healthcare=clinic", "healthcare=doctor",
                "healthcare=centre",
            ],
            google: ["doctor", "medical_clinic"],
            terms: ["clinic", "doctor", "doctors", "gp", "lääkäri", "lääkäriasema", "terveyskeskus"]),
        .init(
            "dentist", "Dentist", "mouth.fill", "#F1948A",
            osm: ["amenity=dentist", "healthcare=dentist"], google: ["dentist", "dental_clinic"],
            terms: ["dentist", "hammaslääkäri"]),
        .init(
            "veterinary", "Veterinary", "pawprint.circle.fill", "#A0522D",
            osm: ["amenity=veterinary"], google: ["veterinary_care"], apple: ["MKPOICategoryAnimalService"],
            terms: ["vet", "veterinary", "eläinlääkäri"]),
        .init(
            "bank", "Bank", "building.columns.fill", "#1F618D",
            osm: ["amenity=bank"], google: ["bank"], apple: ["MKPOICategoryBank"],
            terms: ["bank", "pankki"]),
        .init(
            "atm", "ATM", "banknote.fill", "#2874A6",
            osm: ["amenity=atm"], google: ["atm"], apple: ["MKPOICategoryATM"],
            terms: ["atm", "cash machine", "cashpoint", "pankkiautomaatti", "otto", "automaatti"]),
        .init(
            "bureau_de_change", "Currency exchange", "dollarsign.arrow.circlepath", "#2E86C1",
            osm: ["amenity=bureau_de_change"],
            terms: ["currency exchange", "bureau de change", "valuutanvaihto"]),
        .init(
            "post_office", "Post office", "envelope.fill", "#D68910",
            osm: ["amenity=post_office"], google: ["post_office"], apple: ["MKPOICategoryPostOffice"],
            terms: ["post office", "post", "posti"]),
        .init(
            "library", "Library", "books.vertical.fill", "#7D5BA6",
            osm: ["amenity=library"], google: ["library"], apple: ["MKPOICategoryLibrary"],
            terms: ["library", "kirjasto"]),
        .init(
            "school", "School", "graduationcap.fill", "#B9770E",
            osm: ["amenity=school"], google: ["school", "primary_school", "secondary_school"],
            apple: ["MKPOICategorySchool"], terms: ["school", "koulu"]),
        .init(
            "university", "University", "graduationcap", "#9A7D0A",
            osm: ["amenity=university", "amenity=college"], google: ["university"],
            apple: ["MKPOICategoryUniversity"],
            terms: ["university", "college", "yliopisto", "korkeakoulu", "ammattikorkeakoulu"]),
        .init(
            "kindergarten", "Kindergarten", "figure.and.child.holdinghands", "#F5B041",
            osm: ["amenity=kindergarten", "amenity=childcare"], google: ["preschool", "child_care_agency"],
            terms: ["kindergarten", "preschool", "daycare", "nursery", "päiväkoti", "tarha"]),
        .init(
            "place_of_worship", "Place of worship", "building.columns", "#6E5494",
            osm: ["amenity=place_of_worship"],
            google: ["place_of_worship", "church", "mosque", "synagogue", "hindu_temple"],
            terms: [
                "church", "place of worship", "mosque", "synagogue", "temple", "cathedral",
                "kirkko", "tuomiokirkko", "moskeija", "synagoga",
            ]),
        .init(
            "police", "Police", "shield.fill", "#1B4F72",
            osm: ["amenity=police"], google: ["police"], apple: ["MKPOICategoryPolice"],
            terms: ["police", "police station", "poliisi", "poliisiasema"]),
        .init(
            "fire_station", "Fire station", "flame.fill", "#C0392B",
            osm: ["amenity=fire_station"], google: ["fire_station"], apple: ["MKPOICategoryFireStation"],
            terms: ["fire station", "paloasema"]),
        .init(
            "townhall", "Town hall", "building.columns.circle.fill", "#566573",
            osm: ["amenity=townhall", "amenity=courthouse", "office=government"],
            google: ["city_hall", "courthouse", "local_government_office"],
            terms: ["town hall", "city hall", "courthouse", "kaupungintalo", "virasto", "oikeustalo"]),
        .init(
            "embassy", "Embassy", "flag.fill", "#34495E",
            osm: ["office=diplomatic", "amenity=embassy"], google: ["embassy"],
            terms: ["embassy", "consulate", "suurlähetystö", "konsulaatti"]),
        .init(
            "office", "Office", "briefcase.fill", "#5D6D7E",
            osm: ["office=yes", "office=company"], google: ["corporate_office"],
            terms: ["office", "toimisto"]),
        .init(
            "toilets", "Toilets", "toilet.fill", "#85929E",
            osm: ["amenity=toilets"], google: ["public_bathroom"], apple: ["MKPOICategoryRestroom"],
            terms: ["toilet", "toilets", "restroom", "bathroom", "wc", "vessa", "käymälä"]),
        .init(
            "drinking_water", "Drinking water", "drop.circle.fill", "#3498DB",
            osm: ["amenity=drinking_water"], terms: ["drinking water", "water fountain", "juomavesi"]),
        .init(
            "car_repair", "Car repair", "wrench.and.screwdriver.fill", "#616A6B",
            osm: ["shop=car_repair", "shop=tyres"], google: ["car_repair"],
            apple: ["MKPOICategoryAutomotiveRepair"],
            terms: ["car repair", "garage", "mechanic", "autokorjaamo", "korjaamo"]),
        .init(
            "car_rental", "Car rental", "car.fill", "#717D7E",
            osm: ["amenity=car_rental"], google: ["car_rental"], apple: ["MKPOICategoryCarRental"],
            terms: ["car rental", "car hire", "autovuokraamo"]),
        .init(
            "car_wash", "Car wash", "car.rear.waves.up.fill", "#5DADE2",
            osm: ["amenity=car_wash"], google: ["car_wash"], terms: ["car wash", "autopesu", "autopesula"]),
        .init(
            "fuel", "Fuel", "fuelpump.fill", "#CB4335",
            osm: ["amenity=fuel"], google: ["gas_station"], apple: ["MKPOICategoryGasStation"],
            terms: ["fuel", "gas station", "petrol station", "gas", "huoltoasema", "bensa", "bensiini"]),
        .init(
            "charging_station", "Charging station", "bolt.car.fill", "#28B463",
            osm: ["amenity=charging_station"], google: ["electric_vehicle_charging_station"],
            apple: ["MKPOICategoryEVCharger"],
            terms: ["charging station", "ev charger", "charger", "latauspiste", "latausasema"]),
        .init(
            "parking", "Parking", "parkingsign.circle.fill", "#2471A3",
            osm: ["amenity=parking"], google: ["parking"], apple: ["MKPOICategoryParking"],
            terms: ["parking", "car park", "parking lot", "pysäköinti", "parkkipaikka", "parkkihalli"]),
        .init(
            "bicycle_rental", "Bike rental", "bicycle.circle.fill", "#F4D03F",
            osm: ["amenity=bicycle_rental"], google: ["bicycle_rental"],
            terms: [
                "bike rental", "bike share", "city bike", "kaupunkipyörä", "kaupunkipyörät", "pyörävuokraamo",
            ]),
    ]
}
