import Foundation
import ProximityKit

extension PlaceFileReader {
    /// Loci's JSON through ``ProximityKit/PlaceSet``; its refusal (`places[3].lat/lon`) is kept
    /// word for word, with the place's id and name added from the file.
    static func readLociJSON(_ data: Data, _ object: [String: Any]) throws(PlaceFileError) -> PlaceFile {
        do {
            let set = try PlaceSet(json: data)
            return PlaceFile(format: .lociJSON, trip: set.trip, places: set.places)
        } catch {
            guard let field = error.field else { throw PlaceFileError(.malformed, format: .lociJSON, error.message) }
            guard field.hasPrefix("places["), let close = field.firstIndex(of: "]"),
                let index = Int(field[field.index(field.startIndex, offsetBy: 7)..<close])
            else {
                throw PlaceFileError(.invalidField, format: .lociJSON, field: field, error.message)
            }
            var reference = PlaceFileError.Feature(collection: "places", index: index)
            if let places = object["places"] as? [Any], index < places.count, let place = places[index] as? [String: Any] {
                reference.id = place["id"] as? String
                reference.name = place["name"] as? String
            }
            let rest = field[field.index(after: close)...].drop { $0 == "." }
            throw PlaceFileError(.invalidField, format: .lociJSON, feature: reference, field: rest.isEmpty ? nil : String(rest), error.message)
        }
    }
}
