import Foundation
import GeoKit
import ProximityKit

/// Reads a trip's places from GeoJSON, GPX 1.1 waypoints or Loci's JSON, deciding the format by
/// content (``PlaceFileFormat/detect(_:)``), never by file name.
///
/// All or nothing: the first bad feature refuses the whole file with a ``PlaceFileError`` naming
/// the feature (its index, id and name) and the field; nothing is returned for the others. Sizes
/// are checked first: the byte limit before anything is parsed, the place count before any place
/// is read. The XML goes through GPXKit (XMLPull: no DTDs, bounded memory), GeoJSON through
/// GeoKit's strict RFC 7946 decoder and Loci JSON through ``ProximityKit/PlaceSet``.
public enum PlaceFileReader {
    /// Reads a file's content.
    /// - Throws: ``PlaceFileError``.
    /// - Complexity: O(n) in the size of `data`.
    public static func read(_ data: Data, limits: PlaceFileLimits = PlaceFileLimits()) throws(PlaceFileError) -> PlaceFile {
        guard data.count <= limits.maximumBytes else {
            throw PlaceFileError(.tooLarge, format: nil, "the file has \(data.count) bytes; at most \(limits.maximumBytes) are read")
        }
        let file: PlaceFile
        switch PlaceFileContent.sniff(data) {
        case .xml:
            file = try readGPX(data, limits: limits)
        case .json(let object?):
            guard let format = PlaceFileContent.jsonFormat(object) else {
                throw PlaceFileError(
                    .unknownFormat, format: nil,
                    "a JSON object with neither \"type\" (GeoJSON) nor \"places\" (Loci JSON); not a place file")
            }
            let members = format == .geoJSON ? "features" : "places"
            if let list = object[members] as? [Any], list.count > limits.maximumPlaces {
                throw PlaceFileError(
                    .tooManyPlaces, format: format, field: members,
                    "the file has \(list.count) places; at most \(limits.maximumPlaces) are read")
            }
            file = format == .geoJSON ? try readGeoJSON(data, object) : try readLociJSON(data, object)
        case .json(nil):
            throw PlaceFileError(.malformed, format: nil, "not a place file: \(jsonProblem(data))")
        case .other:
            throw PlaceFileError(.unknownFormat, format: nil, "not a place file: neither GeoJSON, GPX nor Loci JSON")
        }
        try checkUniqueIDs(file)
        return file
    }

    /// Reads the file at `url`, refusing one over the byte limit before reading it.
    /// - Throws: ``PlaceFileError`` (``PlaceFileError/Kind/unreadable`` when it cannot be read).
    public static func read(contentsOf url: URL, limits: PlaceFileLimits = PlaceFileLimits()) throws(PlaceFileError) -> PlaceFile {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.intValue
        if let size, size > limits.maximumBytes {
            throw PlaceFileError(.tooLarge, format: nil, "\(url.lastPathComponent) has \(size) bytes; at most \(limits.maximumBytes) are read")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw PlaceFileError(.unreadable, format: nil, "cannot read \(url.path)")
        }
        return try read(data, limits: limits)
    }

    /// The collection name a format's features have in errors.
    static func collection(_ format: PlaceFileFormat) -> String {
        switch format {
        case .geoJSON: "features"
        case .gpx: "wpt"
        case .lociJSON: "places"
        }
    }

    /// The id of a place given without one: `custom:LAT,LON` to six decimals, as
    /// ``ProximityStore``'s hand-made places (so importing the same file twice replaces, not doubles).
    static func generatedID(_ latitude: Double, _ longitude: Double) -> String {
        "custom:" + String(format: "%.6f,%.6f", latitude, longitude)
    }

    /// The reason JSON text is refused, from GeoKit's strict parser (it names the byte offset).
    private static func jsonProblem(_ data: Data) -> String {
        do {
            _ = try GeoJSON.decode(data)
            return "the JSON is not an object"
        } catch {
            return error.kind == .invalidGeoJSON ? "the JSON is not an object" : invalidJSON(error)
        }
    }

    /// `invalid JSON: unexpected character (at byte 812)`, without the JSON path (which for a
    /// nesting bomb is hundreds of `[0]`).
    static func invalidJSON(_ error: GeoJSONError) -> String {
        "invalid JSON: \(error.message)" + (error.byteOffset.map { " (at byte \($0))" } ?? "")
    }

    /// Refuses a second place with an id already seen, naming both.
    private static func checkUniqueIDs(_ file: PlaceFile) throws(PlaceFileError) {
        var seen: [String: Int] = [:]
        for (index, place) in file.places.enumerated() {
            if let first = seen[place.id] {
                let collection = collection(file.format)
                throw PlaceFileError(
                    .duplicateID, format: file.format,
                    feature: PlaceFileError.Feature(collection: collection, index: index, id: place.id, name: place.name),
                    field: "id", "repeats the id of \(collection)[\(first)]; every place needs its own")
            }
            seen[place.id] = index
        }
    }

    /// Runs ``TripValidation`` on a place, naming the field as the format calls it.
    static func validate(
        _ place: SavedPlace, _ feature: PlaceFileError.Feature, format: PlaceFileFormat, fields: [String: String]
    ) throws(PlaceFileError) {
        do { try TripValidation.check(place) } catch {
            let field = error.field.map { fields[$0] ?? $0 }
            throw PlaceFileError(.invalidField, format: format, feature: feature, field: field, error.message)
        }
    }
}
