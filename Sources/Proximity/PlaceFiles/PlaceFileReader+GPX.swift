import Foundation
import GPXKit
import PlaceKit
import ProximityKit

extension PlaceFileReader {
    /// GPX waypoints: `<name>` required, `<desc>` the note, `<type>` the category; Loci's
    /// `<extensions>` (`id`, `radius_m`, `opening_hours`) when present.
    static func readGPX(_ data: Data, limits: PlaceFileLimits) throws(PlaceFileError) -> PlaceFile {
        let document: GPXDocument
        do { document = try GPXReader.read(bytes: [UInt8](data)) } catch {
            throw PlaceFileError(.malformed, format: .gpx, "not a readable GPX file: \(error.description)")
        }
        if document.waypoints.isEmpty, !document.tracks.isEmpty || !document.routes.isEmpty {
            throw PlaceFileError(
                .wrongGeometry, format: .gpx, field: "wpt", "the file has tracks or routes but no waypoints; places are read from <wpt>")
        }
        guard document.waypoints.count <= limits.maximumPlaces else {
            throw PlaceFileError(
                .tooManyPlaces, format: .gpx, field: "wpt",
                "the file has \(document.waypoints.count) waypoints; at most \(limits.maximumPlaces) are read")
        }
        var places: [SavedPlace] = []
        places.reserveCapacity(document.waypoints.count)
        for (index, waypoint) in document.waypoints.enumerated() { places.append(try place(waypoint, index: index)) }
        return PlaceFile(format: .gpx, trip: nil, places: places)
    }

    /// One waypoint as a place.
    private static func place(_ waypoint: GPXPoint, index: Int) throws(PlaceFileError) -> SavedPlace {
        let extensions = waypoint.extensions
        let id = extensions["id"].flatMap { $0.isEmpty ? nil : $0 }
        let reference = PlaceFileError.Feature(collection: "wpt", index: index, id: id, name: waypoint.name)
        guard let name = waypoint.name else {
            throw PlaceFileError(.invalidField, format: .gpx, feature: reference, field: "name", "is missing; every place needs a <name>")
        }
        var radius: Double?
        if let text = extensions["radius_m"], !text.isEmpty {
            guard let value = Double(text), value.isFinite else {
                throw PlaceFileError(
                    .invalidField, format: .gpx, feature: reference, field: "extensions.radius_m",
                    "'\(PlaceFileError.clip(text))' is not a number of metres")
            }
            radius = value
        }
        let coordinate = waypoint.coordinate
        let place = SavedPlace(
            id: id ?? generatedID(coordinate.latitude, coordinate.longitude), tripID: PlaceFile.fileTripID, name: name,
            coordinate: coordinate, category: waypoint.type.flatMap { $0.isEmpty ? nil : $0 },
            openingHours: extensions["opening_hours"].flatMap { $0.isEmpty ? nil : OpeningHours($0) }, alertRadius: radius,
            note: waypoint.description.flatMap { $0.isEmpty ? nil : $0 })
        try validate(place, reference, format: .gpx, fields: ["radius_m": "extensions.radius_m", "note": "desc", "id": "extensions.id"])
        return place
    }
}
