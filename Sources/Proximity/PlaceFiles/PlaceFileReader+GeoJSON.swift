import Foundation
import GeoKit
import PlaceKit
import ProximityKit

extension PlaceFileReader {
    /// A FeatureCollection of Point features; `object` is the same document parsed by Foundation,
    /// used only to name the feature when GeoKit refuses one.
    static func readGeoJSON(_ data: Data, _ object: [String: Any]) throws(PlaceFileError) -> PlaceFile {
        let document: GeoJSON
        do { document = try GeoJSON.decode(data) } catch { throw refusal(error, object) }
        let collection: FeatureCollection
        switch document {
        case .featureCollection(let features): collection = features
        case .feature:
            throw PlaceFileError(.wrongGeometry, format: .geoJSON, field: "type", "a single Feature; a place file is a FeatureCollection")
        case .geometry(let geometry):
            throw PlaceFileError(
                .wrongGeometry, format: .geoJSON, field: "type",
                "a bare \(geometry.shape.typeName) geometry; a place file is a FeatureCollection of Point features")
        }
        var places: [SavedPlace] = []
        places.reserveCapacity(collection.features.count)
        for (index, feature) in collection.features.enumerated() { places.append(try place(feature, index: index)) }
        return PlaceFile(format: .geoJSON, trip: nil, places: places)
    }

    /// One Point feature as a place.
    private static func place(_ feature: Feature, index: Int) throws(PlaceFileError) -> SavedPlace {
        let properties = feature.properties ?? [:]
        var reference = PlaceFileError.Feature(collection: "features", index: index)
        if case .string(let name)? = properties["name"] { reference.name = name }
        func refuse(_ field: String, _ message: String, _ kind: PlaceFileError.Kind = .invalidField) -> PlaceFileError {
            PlaceFileError(kind, format: .geoJSON, feature: reference, field: field, message)
        }
        var id: String?
        switch feature.id {
        case .string(let text)?: id = text
        case .number(let number)?: id = Self.text(number)
        case nil:
            switch properties["id"] {
            case .string(let text)?: id = text
            case .number(let number)?: id = Self.text(number)
            case nil, .null?: break
            case let other?: throw refuse("properties.id", "must be a string or a number, not \(other.kindDescription)")
            }
        }
        reference.id = id
        guard let geometry = feature.geometry else {
            throw refuse("geometry", "is null; a place needs a Point", .wrongGeometry)
        }
        guard case .point(let position) = geometry.shape else {
            throw refuse("geometry.type", "is \(geometry.shape.typeName); a place must be a Point", .wrongGeometry)
        }
        let name: String
        switch properties["name"] {
        case .string(let text)?: name = text
        case nil, .null?: throw refuse("properties.name", "is missing; every place needs a name")
        case let other?: throw refuse("properties.name", "must be a string, not \(other.kindDescription)")
        }
        func string(_ key: String) throws(PlaceFileError) -> String? {
            switch properties[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?: throw refuse("properties.\(key)", "must be a string, not \(other.kindDescription)")
            }
        }
        var radius: Double?
        switch properties["radius_m"] {
        case nil, .null?: break
        case .number(let number)?: radius = number
        case let other?: throw refuse("properties.radius_m", "must be a number of metres, not \(other.kindDescription)")
        }
        let coordinate = position.coordinate
        let place = SavedPlace(
            id: id ?? generatedID(coordinate.latitude, coordinate.longitude), tripID: PlaceFile.fileTripID, name: name,
            coordinate: coordinate, category: try string("category"), openingHours: try string("opening_hours").map { OpeningHours($0) },
            alertRadius: radius, note: try string("note"))
        try validate(
            place, reference, format: .geoJSON,
            fields: ["name": "properties.name", "radius_m": "properties.radius_m", "note": "properties.note"])
        return place
    }

    /// A numeric id as text: `42`, not `42.0`.
    private static func text(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int64(number)) }
        return "\(number)"
    }

    /// GeoKit's refusal, with the feature it is in (index from the path, id and name from the file).
    private static func refusal(_ error: GeoJSONError, _ object: [String: Any]) -> PlaceFileError {
        guard error.kind == .invalidGeoJSON else { return PlaceFileError(.malformed, format: .geoJSON, invalidJSON(error)) }
        let kind = PlaceFileError.Kind.invalidField
        let path = error.path
        guard path.hasPrefix("features["), let close = path.firstIndex(of: "]"),
            let index = Int(path[path.index(path.startIndex, offsetBy: 9)..<close])
        else {
            return PlaceFileError(kind, format: .geoJSON, field: path.isEmpty ? nil : path, error.message)
        }
        var reference = PlaceFileError.Feature(collection: "features", index: index)
        if let features = object["features"] as? [Any], index < features.count, let feature = features[index] as? [String: Any] {
            reference.id = (feature["id"] as? String) ?? ((feature["properties"] as? [String: Any])?["id"] as? String)
            reference.name = (feature["properties"] as? [String: Any])?["name"] as? String
        }
        let rest = path[path.index(after: close)...].drop { $0 == "." }
        return PlaceFileError(kind, format: .geoJSON, feature: reference, field: rest.isEmpty ? nil : String(rest), error.message)
    }
}
