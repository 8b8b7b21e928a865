/// Validates a parsed JSON value as GeoJSON, naming the path of the first problem.
enum GeoJSONReader {
    /// Geometry type names accepted inside `geometry` and `geometries`.
    static let geometryTypes: Set<String> = [
        "Point", "MultiPoint", "LineString", "MultiLineString", "Polygon", "MultiPolygon",
        "GeometryCollection",
    ]

    private typealias Object = [String: JSONValue]

    private static func invalid(_ path: JSONPath, _ message: String) -> GeoJSONError {
        GeoJSONError(.invalidGeoJSON, at: path, message)
    }

    /// Reads the top-level object.
    static func document(_ value: JSONValue) throws(GeoJSONError) -> GeoJSON {
        let path = JSONPath.root
        let object = try self.object(value, at: path)
        switch try type(of: object, at: path) {
        case "Feature": return .feature(try feature(object, at: path))
        case "FeatureCollection": return .featureCollection(try featureCollection(object, at: path))
        default: return .geometry(try geometry(object, at: path, depth: 0))
        }
    }

    // MARK: - Members

    private static func object(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError) -> Object {
        guard case .object(let object) = value else {
            throw invalid(path, "expected a GeoJSON object, found \(value.kindDescription)")
        }
        return object
    }

    private static func array(_ value: JSONValue, at path: JSONPath, _ what: String) throws(GeoJSONError)
        -> [JSONValue]
    {
        guard case .array(let elements) = value else {
            throw invalid(path, "expected \(what), found \(value.kindDescription)")
        }
        return elements
    }

    private static func required(_ object: Object, _ key: String, at path: JSONPath) throws(GeoJSONError)
        -> JSONValue
    {
        guard let value = object[key] else { throw invalid(path.appending(key), "missing required member") }
        return value
    }

    /// The `type` member, which must be a known GeoJSON type.
    private static func type(of object: Object, at path: JSONPath) throws(GeoJSONError) -> String {
        let typePath = path.appending("type")
        guard case .string(let name) = try required(object, "type", at: path) else {
            throw invalid(
                typePath, "expected a string, found \(object["type"]?.kindDescription ?? "nothing")")
        }
        guard geometryTypes.contains(name) || name == "Feature" || name == "FeatureCollection" else {
            throw invalid(typePath, "unknown GeoJSON type \(quoted(name))")
        }
        return name
    }

    private static func quoted(_ text: String) -> String {
        var writer = JSONWriter()
        writer.write(String(text.prefix(64)))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The optional `bbox` member: 4 or 6 finite numbers, south ≤ north.
    private static func bbox(_ object: Object, at path: JSONPath) throws(GeoJSONError) -> GeoJSONBoundingBox?
    {
        guard let value = object["bbox"] else { return nil }
        let bboxPath = path.appending("bbox")
        let elements = try array(value, at: bboxPath, "an array of 4 or 6 numbers")
        guard elements.count == 4 || elements.count == 6 else {
            throw invalid(bboxPath, "a bbox needs 4 or 6 numbers, found \(elements.count)")
        }
        let numbers = try self.numbers(elements, at: bboxPath)
        let half = numbers.count / 2
        let limits = [180.0, 90]
        for (index, number) in numbers.enumerated()
        where index % half < 2 && abs(number) > limits[index % half] {
            let name = ["west", "south", "east", "north"][index / half * 2 + index % half]
            throw invalid(
                bboxPath.appending(index),
                "\(name) edge \(number) is outside -\(limits[index % half])…\(limits[index % half])")
        }
        let south = numbers[1]
        let north = numbers[half + 1]
        guard south <= north else {
            throw invalid(bboxPath, "south edge \(south) lies north of north edge \(north)")
        }
        let box = BoundingBox(uncheckedSouth: south, west: numbers[0], north: north, east: numbers[half])
        guard half == 3 else { return GeoJSONBoundingBox(box) }
        guard numbers[2] <= numbers[5] else {
            throw invalid(bboxPath, "minimum altitude \(numbers[2]) exceeds maximum altitude \(numbers[5])")
        }
        return GeoJSONBoundingBox(box, altitudes: numbers[2]...numbers[5])
    }

    private static func numbers(_ elements: [JSONValue], at path: JSONPath) throws(GeoJSONError) -> [Double] {
        var numbers: [Double] = []
        numbers.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .number(let number) = element else {
                throw invalid(path.appending(index), "expected a number, found \(element.kindDescription)")
            }
            guard number.isFinite else {
                throw invalid(path.appending(index), "number \(number) is not finite")
            }
            numbers.append(number)
        }
        return numbers
    }

    // MARK: - Features

    private static func feature(_ object: Object, at path: JSONPath) throws(GeoJSONError) -> Feature {
        var id: Feature.ID?
        switch object["id"] {
        case .string(let text)?: id = .string(text)
        case .number(let number)?: id = .number(number)
        case nil: id = nil
        case let other?:
            throw invalid(
                path.appending("id"), "must be a string or a number, found \(other.kindDescription)")
        }
        let geometryPath = path.appending("geometry")
        var geometry: Geometry?
        switch object["geometry"] {
        case nil:
            throw invalid(geometryPath, "missing required member (use null for a feature without a location)")
        case .null?:
            geometry = nil
        case let value?:
            let geometryObject = try self.object(value, at: geometryPath)
            geometry = try self.geometry(geometryObject, at: geometryPath, depth: 0)
        }
        var properties: [String: JSONValue]?
        switch object["properties"] {
        case .object(let members)?: properties = members
        case .null?, nil: properties = nil
        case let other?:
            throw invalid(
                path.appending("properties"), "expected an object or null, found \(other.kindDescription)")
        }
        return Feature(id: id, geometry: geometry, properties: properties, bbox: try bbox(object, at: path))
    }

    private static func featureCollection(_ object: Object, at path: JSONPath) throws(GeoJSONError)
        -> FeatureCollection
    {
        let featuresPath = path.appending("features")
        let elements = try array(
            try required(object, "features", at: path), at: featuresPath, "an array of features")
        var features: [Feature] = []
        features.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            let elementPath = featuresPath.appending(index)
            let member = try self.object(element, at: elementPath)
            let name = try type(of: member, at: elementPath)
            guard name == "Feature" else {
                throw invalid(elementPath.appending("type"), "expected \"Feature\", found \(quoted(name))")
            }
            features.append(try feature(member, at: elementPath))
        }
        return FeatureCollection(features: features, bbox: try bbox(object, at: path))
    }

    // MARK: - Geometries

    private static func geometry(_ object: Object, at path: JSONPath, depth: Int) throws(GeoJSONError)
        -> Geometry
    {
        let name = try type(of: object, at: path)
        guard geometryTypes.contains(name) else {
            throw invalid(path.appending("type"), "\(quoted(name)) is not a geometry type")
        }
        let bbox = try self.bbox(object, at: path)
        if name == "GeometryCollection" {
            guard depth < GeoJSON.maxCollectionDepth else {
                throw invalid(
                    path, "geometry collections nested more than \(GeoJSON.maxCollectionDepth) deep")
            }
            let geometriesPath = path.appending("geometries")
            let elements = try array(
                try required(object, "geometries", at: path), at: geometriesPath, "an array of geometries")
            var geometries: [Geometry] = []
            geometries.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                let elementPath = geometriesPath.appending(index)
                geometries.append(
                    try geometry(try self.object(element, at: elementPath), at: elementPath, depth: depth + 1)
                )
            }
            return Geometry(.geometryCollection(geometries), bbox: bbox)
        }
        let coordinatesPath = path.appending("coordinates")
        let coordinates = try required(object, "coordinates", at: path)
        let shape: Geometry.Shape
        switch name {
        case "Point": shape = .point(try position(coordinates, at: coordinatesPath))
        case "MultiPoint": shape = .multiPoint(try positions(coordinates, at: coordinatesPath))
        case "LineString": shape = .lineString(try lineString(coordinates, at: coordinatesPath))
        case "MultiLineString":
            shape = .multiLineString(
                try list(coordinates, at: coordinatesPath, "an array of line strings", lineString))
        case "Polygon": shape = .polygon(try polygon(coordinates, at: coordinatesPath))
        default:
            shape = .multiPolygon(try list(coordinates, at: coordinatesPath, "an array of polygons", polygon))
        }
        return Geometry(shape, bbox: bbox)
    }

    private static func position(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError)
        -> Geometry.Position
    {
        let elements = try array(value, at: path, "a position (an array of 2 or 3 numbers)")
        guard elements.count == 2 || elements.count == 3 else {
            throw invalid(path, "a position needs 2 or 3 numbers, found \(elements.count)")
        }
        return try Geometry.Position.make(try numbers(elements, at: path), at: path)
    }

    private static func positions(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError) -> [Geometry
        .Position]
    {
        try list(value, at: path, "an array of positions", position)
    }

    private static func lineString(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError) -> [Geometry
        .Position]
    {
        let line = try positions(value, at: path)
        guard line.isEmpty || line.count >= 2 else {
            throw invalid(path, "a line string needs at least 2 positions, found \(line.count)")
        }
        return line
    }

    private static func ring(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError) -> [Geometry
        .Position]
    {
        let ring = try positions(value, at: path)
        guard ring.count >= 4 else {
            throw invalid(path, "a linear ring needs at least 4 positions, found \(ring.count)")
        }
        guard ring.first == ring.last else {
            throw invalid(path, "first and last positions of a ring must be equal")
        }
        return ring
    }

    private static func polygon(_ value: JSONValue, at path: JSONPath) throws(GeoJSONError) -> [[Geometry
        .Position]]
    {
        try list(value, at: path, "an array of linear rings", ring)
    }

    /// Reads an array whose elements each go through `element`, with their index in the path.
    private static func list<Element>(
        _ value: JSONValue, at path: JSONPath, _ what: String,
        _ element: (JSONValue, JSONPath) throws(GeoJSONError) -> Element
    ) throws(GeoJSONError) -> [Element] {
        let elements = try array(value, at: path, what)
        var result: [Element] = []
        result.reserveCapacity(elements.count)
        for (index, value) in elements.enumerated() {
            result.append(try element(value, path.appending(index)))
        }
        return result
    }
}
