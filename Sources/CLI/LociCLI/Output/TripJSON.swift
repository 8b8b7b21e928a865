import LociWire
import ProximityKit

/// A trip in `loci trips list --json` and `show --json`; `start_date`, `end_date` and
/// `quiet_hours` (`HH:MM-HH:MM`) are `null` when the trip has none.
struct TripOutput: Encodable {
    let id: String, name: String
    @Nullable var start_date: String?
    @Nullable var end_date: String?
    let active: Bool, alert_radius_m: Double
    @Nullable var quiet_hours: String?
    let time_zone: String, places: Int

    init(_ trip: Trip, places: Int) {
        id = trip.id
        name = trip.name
        start_date = trip.startDate
        end_date = trip.endDate
        active = trip.isActive
        alert_radius_m = trip.alertRadius
        quiet_hours = trip.quietHours?.text
        time_zone = trip.timeZone
        self.places = places
    }
}

/// `loci trips show --json`: the trip and its places.
struct TripDetailOutput: Encodable {
    let trip: TripOutput
    let places: [SavedPlaceOutput]
}

/// A saved place in `loci trips show --json`; `category`, `opening_hours`, `radius_m` (the
/// place's own alert radius) and `note` are `null` when the place has none.
struct SavedPlaceOutput: Encodable {
    let id: String, name: String, lat: Double, lon: Double
    @Nullable var category: String?
    @Nullable var opening_hours: String?
    @Nullable var radius_m: Double?
    @Nullable var note: String?

    init(_ place: SavedPlace) {
        id = place.id
        name = place.name
        lat = place.coordinate.latitude
        lon = place.coordinate.longitude
        category = place.category
        opening_hours = place.openingHours?.raw
        radius_m = place.alertRadius
        note = place.note
    }
}
