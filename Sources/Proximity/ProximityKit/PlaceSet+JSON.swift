import Foundation

extension PlaceSet {
    /// The set in the format ``init(json:)`` reads: pretty-printed, keys sorted, so equal sets
    /// give identical bytes. Absent optional fields are left out (never written as `null`).
    ///
    /// The trip's id is not written (a file's trip is always `file` when read back).
    public func json() -> Data {
        let quiet = trip.quietHours.map { File.Quiet(start: QuietHours.clock($0.start), end: QuietHours.clock($0.end)) }
        let file = File(
            trip: File.TripFields(
                name: trip.name, alert_radius_m: trip.alertRadius, time_zone: trip.timeZone, start_date: trip.startDate,
                end_date: trip.endDate, active: trip.isActive, quiet_hours: quiet),
            places: places.map { place in
                File.PlaceFields(
                    id: place.id, name: place.name, lat: place.coordinate.latitude, lon: place.coordinate.longitude,
                    category: place.category, opening_hours: place.openingHours?.raw, radius_m: place.alertRadius,
                    note: place.note)
            })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding plain strings and finite numbers cannot fail; an empty object is the only
        // fallback should Foundation ever refuse.
        return (try? encoder.encode(file)) ?? Data("{}".utf8)
    }
}
