/// Why a place file was refused: what is wrong, and in which feature and field.
///
/// ``description`` is one line, `features[3].properties.radius_m (id 'cafe-1', name 'Regatta'):
/// must be between 50 and 50000 metres, not -5`: the feature as a path in the file's own terms
/// (`features[i]` for GeoJSON, `wpt[i]` for GPX, `places[i]` for Loci JSON, 0-based), the field,
/// then the feature's id and name when it has them. A refused file yields no place at all.
public struct PlaceFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The broad class of problem.
    public enum Kind: Sendable, Equatable {
        /// The file is larger than ``PlaceFileLimits/maximumBytes``.
        case tooLarge
        /// The file holds more than ``PlaceFileLimits/maximumPlaces`` places.
        case tooManyPlaces
        /// The content is none of the formats (not XML, not JSON, or JSON of another shape).
        case unknownFormat
        /// The bytes are not well-formed for their format (broken JSON or XML).
        case malformed
        /// The document or a feature has the wrong GeoJSON type (a LineString, a bare geometry).
        case wrongGeometry
        /// A field is missing, of the wrong type or out of range.
        case invalidField
        /// Two places have the same id.
        case duplicateID
        /// The file could not be read.
        case unreadable
    }

    /// A feature of the file: its position and, when it has them, its id and name.
    public struct Feature: Sendable, Equatable {
        /// The collection in the file's terms: `features`, `wpt` or `places`.
        public var collection: String
        /// 0-based position in the collection.
        public var index: Int
        /// Its id, when the file gives one.
        public var id: String?
        /// Its name, when the file gives one.
        public var name: String?

        /// Creates a feature reference.
        public init(collection: String, index: Int, id: String? = nil, name: String? = nil) {
            self.collection = collection
            self.index = index
            self.id = id
            self.name = name
        }
    }

    /// The broad class of problem.
    public var kind: Kind
    /// The format the file was read as, when known.
    public var format: PlaceFileFormat?
    /// The feature at fault, when one is.
    public var feature: Feature?
    /// The field within the feature (or the document) at fault: `geometry.type`,
    /// `properties.name`, `lat/lon`; `nil` when the whole file is.
    public var field: String?
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, format: PlaceFileFormat?, feature: Feature? = nil, field: String? = nil, _ message: String) {
        self.kind = kind
        self.format = format
        self.feature = feature
        self.field = field
        self.message = message
    }

    /// `features[3].properties.name (id 'a'): must not be empty`.
    public var description: String {
        var location = feature.map { "\($0.collection)[\($0.index)]" } ?? ""
        if let field { location += location.isEmpty ? field : ".\(field)" }
        if let feature {
            let labels = [feature.id.map { "id '\(Self.clip($0))'" }, feature.name.map { "name '\(Self.clip($0))'" }].compactMap { $0 }
            if !labels.isEmpty { location += " (\(labels.joined(separator: ", ")))" }
        }
        if location.isEmpty, let format { location = format.description }
        return location.isEmpty ? message : "\(location): \(message)"
    }

    /// At most 60 characters of a value quoted from the file.
    static func clip(_ text: String) -> String { text.count > 60 ? text.prefix(59) + "…" : text }
}
