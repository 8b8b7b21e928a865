import GeoKit

/// One populated place from the gazetteer (a GeoNames record).
public struct GazetteerPlace: Sendable, Equatable, Codable {
    /// The GeoNames id (stable across GeoNames releases).
    public var geonameID: Int
    /// The place's name as GeoNames spells it ("Helsinki", "Nuku‘alofa").
    public var name: String
    /// ISO 3166-1 alpha-2 country code ("FI").
    public var countryCode: String
    /// First-level administrative division name ("Uusimaa", "Tuscany"); may be empty.
    public var admin1: String
    /// Second-level administrative division name ("Province of Arezzo"); often empty.
    public var admin2: String
    /// Population as GeoNames records it; 0 when unknown.
    public var population: Int
    /// IANA time zone identifier ("Europe/Helsinki").
    public var timeZone: String
    /// Where GeoNames puts the place (usually its centre).
    public var coordinate: Coordinate

    /// Creates a place.
    public init(
        geonameID: Int, name: String, countryCode: String, admin1: String, admin2: String, population: Int,
        timeZone: String, coordinate: Coordinate
    ) {
        self.geonameID = geonameID
        self.name = name
        self.countryCode = countryCode
        self.admin1 = admin1
        self.admin2 = admin2
        self.population = population
        self.timeZone = timeZone
        self.coordinate = coordinate
    }
}
