import Foundation
import GeoKit
import PlaceKit

extension GoogleWire.Place {
    /// This v1 place as a Loci ``PlaceKit/Place``; `path` names it in errors (`places[3]`).
    ///
    /// Provider fields without a home in ``PlaceKit/Place`` go into `tags` under `google:`
    /// (`google:formattedAddress`, `google:rating`, `google:userRatingCount`,
    /// `google:businessStatus`, `google:mapsUri`, `google:primaryType`, `google:types`). Importance
    /// comes from ratings: rating / 5 × min(1, log₁₀(1 + count) / 4), so 4.5 stars from 10 000
    /// reviews ≈ 0.9 and an unrated place 0.
    func place(registry: CategoryRegistry, call: String, path: String) throws(GooglePlacesError) -> Place {
        guard let rawID = id ?? name?.split(separator: "/").last.map(String.init), !rawID.isEmpty,
            let placeID = PlaceID(googlePlaceID: rawID)
        else { throw .invalidPlace(call: call, path: path + ".id", reason: "no place id") }
        guard let latitude = location?.latitude, let longitude = location?.longitude else {
            throw .invalidPlace(call: call, path: path + ".location", reason: "no latitude/longitude")
        }
        let coordinate: Coordinate
        do {
            coordinate = try Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw .invalidPlace(call: call, path: path + ".location", reason: "\(error)")
        }
        let category = registry.category(forGooglePrimaryType: primaryType, types: types ?? [])
        var tags: [String: String] = [:]
        tags["google:formattedAddress"] = formattedAddress
        tags["google:rating"] = rating.map { String($0) }
        tags["google:userRatingCount"] = userRatingCount.map { String($0) }
        tags["google:businessStatus"] = businessStatus
        tags["google:mapsUri"] = googleMapsUri
        tags["google:primaryType"] = primaryType
        if let types, !types.isEmpty { tags["google:types"] = types.joined(separator: ";") }
        var importance = 0.0
        if let rating, let count = userRatingCount, count > 0 {
            importance = rating / 5 * min(1, log10(1 + Double(count)) / 4)
        }
        return Place(
            id: placeID, name: displayName?.text, category: category.id, coordinate: coordinate,
            address: postalAddress, phone: internationalPhoneNumber ?? nationalPhoneNumber,
            website: websiteUri,
            openingHours: regularOpeningHours.flatMap(\.osmOpeningHours), importance: importance, tags: tags)
    }

    /// The structured address from `addressComponents`, nil when there are none.
    var postalAddress: PostalAddress? {
        guard let components = addressComponents, !components.isEmpty else { return nil }
        func first(_ type: String, short: Bool = false) -> String? {
            let component = components.first { $0.types?.contains(type) == true }
            return short ? component?.shortText : component?.longText
        }
        let address = PostalAddress(
            houseNumber: first("street_number"), street: first("route"), postcode: first("postal_code"),
            city: first("locality") ?? first("postal_town"),
            state: first("administrative_area_level_1", short: true),
            country: first("country", short: true))
        return address.isEmpty ? nil : address
    }
}

extension GoogleWire.OpeningHours {
    /// The weekly periods in OSM `opening_hours` syntax ("Mo 08:30-17:30; Tu 08:30-17:30"), so
    /// Google hours answer open/closed through the same evaluator as OSM ones. One rule per day
    /// (several periods joined by commas, as OSM rules for the same day replace each other); a
    /// period without a close is Google's "open 24 hours" (`24/7`); nil without periods.
    var osmOpeningHours: OpeningHours? {
        guard let periods, !periods.isEmpty else { return nil }
        if periods.count == 1, periods[0].close == nil, periods[0].open != nil { return OpeningHours("24/7") }
        let dayNames = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"]
        var spans: [Int: [String]] = [:]
        for period in periods {
            guard let open = period.open, let day = open.day, (0...6).contains(day), let close = period.close
            else { continue }
            let openMinutes = (open.hour ?? 0) * 60 + (open.minute ?? 0)
            var closeMinutes = (close.hour ?? 0) * 60 + (close.minute ?? 0)
            // A close on the next day at 00:00 is "until midnight"; other next-day closes wrap,
            // which OSM reads as over midnight ("22:00-02:00").
            if closeMinutes == 0, close.day != day { closeMinutes = 24 * 60 }
            spans[day, default: []].append("\(Self.clock(openMinutes))-\(Self.clock(closeMinutes))")
        }
        let order = [1, 2, 3, 4, 5, 6, 0]  // OSM weeks start on Monday
        let rules = order.compactMap { day in
            spans[day].map { "\(dayNames[day]) \($0.joined(separator: ","))" }
        }
        return rules.isEmpty ? nil : OpeningHours(rules.joined(separator: "; "))
    }

    private static func clock(_ minutes: Int) -> String {
        let hours = minutes / 60
        let rest = minutes % 60
        return (hours < 10 ? "0" : "") + "\(hours):" + (rest < 10 ? "0" : "") + "\(rest)"
    }
}
