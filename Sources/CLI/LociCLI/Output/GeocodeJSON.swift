import PlaceKit
import LociWire

/// `loci geocode reverse --json`: the place fields are `null` when no place is within reach, so
/// the shape never changes.
struct ReverseGeocodeJSON: Encodable {
    @Nullable var label: String?
    @Nullable var name: String?
    @Nullable var locality: String?
    @Nullable var neighbourhood: String?
    @Nullable var admin1: String?
    @Nullable var admin2: String?
    @Nullable var country_code: String?
    @Nullable var time_zone: String?
    @Nullable var distance_m: Double?
    @Nullable var geoname_id: Int?
    let lat: Double
    let lon: Double
}

/// One answer of `loci geocode forward --json`; `place_id`, `locality`, `country_code` and
/// `distance_m` are `null` when the answer has none.
struct ForwardGeocodeJSON: Encodable {
    let label: String
    let kind: String
    let lat: Double
    let lon: Double
    @Nullable var place_id: String?
    @Nullable var locality: String?
    @Nullable var country_code: String?
    @Nullable var distance_m: Double?

    init(_ result: GeocodeResult) {
        label = result.label
        kind = result.kind.rawValue
        lat = result.coordinate.latitude
        lon = result.coordinate.longitude
        place_id = result.placeID?.rawValue
        locality = result.locality
        country_code = result.countryCode
        distance_m = result.distance
    }
}
