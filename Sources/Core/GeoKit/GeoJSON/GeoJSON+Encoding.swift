/// Writing GeoJSON objects with a fixed member order.
extension JSONWriter {
    /// Writes a document.
    mutating func write(_ document: GeoJSON) {
        switch document {
        case .geometry(let geometry): write(geometry)
        case .feature(let feature): write(feature)
        case .featureCollection(let collection): write(collection)
        }
    }

    /// Writes `{"type":…,"bbox":…,"coordinates"|"geometries":…}`.
    mutating func write(_ geometry: Geometry) {
        beginObject(type: geometry.shape.typeName, bbox: geometry.bbox)
        switch geometry.shape {
        case .point(let position):
            member("coordinates")
            write(position)
        case .multiPoint(let positions), .lineString(let positions):
            member("coordinates")
            writeArray(positions) { $0.write($1) }
        case .multiLineString(let lines), .polygon(let lines):
            member("coordinates")
            writeArray(lines) { writer, line in writer.writeArray(line) { $0.write($1) } }
        case .multiPolygon(let polygons):
            member("coordinates")
            writeArray(polygons) { writer, polygon in
                writer.writeArray(polygon) { writer, ring in writer.writeArray(ring) { $0.write($1) } }
            }
        case .geometryCollection(let geometries):
            member("geometries")
            writeArray(geometries) { $0.write($1) }
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `{"type":"Feature","id":…,"bbox":…,"geometry":…,"properties":…}`.
    mutating func write(_ feature: Feature) {
        append("{\"type\":\"Feature\"")
        switch feature.id {
        case .string(let text)?:
            member("id")
            write(text)
        case .number(let number)?:
            member("id")
            write(number)
        case nil:
            break
        }
        if let bbox = feature.bbox {
            member("bbox")
            writeArray(bbox.numbers) { $0.write($1) }
        }
        member("geometry")
        if let geometry = feature.geometry { write(geometry) } else { append("null") }
        member("properties")
        write(feature.properties.map(JSONValue.object) ?? .null)
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `{"type":"FeatureCollection","bbox":…,"features":[…]}`.
    mutating func write(_ collection: FeatureCollection) {
        beginObject(type: "FeatureCollection", bbox: collection.bbox)
        member("features")
        writeArray(collection.features) { $0.write($1) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Writes `[longitude,latitude]` or `[longitude,latitude,altitude]`.
    mutating func write(_ position: Geometry.Position) {
        bytes.append(UInt8(ascii: "["))
        write(position.coordinate.longitude)
        bytes.append(UInt8(ascii: ","))
        write(position.coordinate.latitude)
        if let altitude = position.altitude {
            bytes.append(UInt8(ascii: ","))
            write(altitude)
        }
        bytes.append(UInt8(ascii: "]"))
    }

    /// Opens an object with its `type` and optional `bbox` members.
    private mutating func beginObject(type: String, bbox: GeoJSONBoundingBox?) {
        append("{\"type\":")
        write(type)
        if let bbox {
            member("bbox")
            writeArray(bbox.numbers) { $0.write($1) }
        }
    }

    /// Writes `,"name":`.
    private mutating func member(_ name: String) {
        bytes.append(UInt8(ascii: ","))
        write(name)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Writes `[e0,e1,…]` using `element` for each element.
    private mutating func writeArray<Element>(
        _ elements: [Element], _ element: (inout JSONWriter, Element) -> Void
    ) {
        bytes.append(UInt8(ascii: "["))
        for (index, value) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            element(&self, value)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
