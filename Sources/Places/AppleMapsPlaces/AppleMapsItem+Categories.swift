import PlaceKit

extension AppleMapsItem {
    /// The raw values of iOS 17's `MKPointOfInterestCategory` constants ("MKPOICategoryCafe").
    public static let knownCategoryRawValues: [String] = [
        "Airport", "AmusementPark", "Aquarium", "ATM", "Bakery", "Bank", "Beach", "Brewery", "Cafe", "Campground",
        "CarRental", "EVCharger", "FireStation", "FitnessCenter", "FoodMarket", "GasStation", "Hospital", "Hotel",
        "Laundry", "Library", "Marina", "MovieTheater", "Museum", "NationalPark", "Nightlife", "Park", "Parking",
        "Pharmacy", "Police", "PostOffice", "PublicTransport", "Restaurant", "Restroom", "School", "Stadium",
        "Store", "Theater", "University", "Winery", "Zoo",
    ].map { "MKPOICategory\($0)" }

    /// The MapKit categories (raw values) that `registry` maps to `categoryID`: what a category
    /// chip asks MapKit for (`MKPointOfInterestFilter`). Empty when MapKit has none.
    public static func appleCategories(for categoryID: PlaceCategory.ID, registry: CategoryRegistry = .standard)
        -> [String]
    {
        knownCategoryRawValues.filter { registry.category(forAppleCategory: $0)?.id == categoryID }
    }
}
