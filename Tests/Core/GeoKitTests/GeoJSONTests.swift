import Foundation
import Testing

@testable import GeoKit

/// Shorthand for building test positions.
private func pos(_ longitude: Double, _ latitude: Double, _ altitude: Double? = nil) throws
    -> Geometry.Position
{
    try Geometry.Position(longitude: longitude, latitude: latitude, altitude: altitude)
}

private func decode(_ text: String) throws(GeoJSONError) -> GeoJSON {
    try GeoJSON.decode(Data(text.utf8))
}

@Suite("GeoJSON round trips and RFC 7946 examples")
struct GeoJSONTests {
    static func sampleGeometries() throws -> [Geometry] {
        let ring = [try pos(100, 0), try pos(101, 0), try pos(101, 1), try pos(100, 1), try pos(100, 0)]
        let hole = [
            try pos(100.8, 0.8), try pos(100.8, 0.2), try pos(100.2, 0.2), try pos(100.2, 0.8),
            try pos(100.8, 0.8),
        ]
        let box = try GeoJSONBoundingBox(BoundingBox(south: -10, west: 170, north: 10, east: -170))
        return [
            Geometry(.point(try pos(-0.1275, 51.5072))),
            Geometry(.point(try pos(180, -90, 1234.5))),
            Geometry(.multiPoint([try pos(100, 0), try pos(101, 1)])),
            Geometry(.multiPoint([])),
            Geometry(.lineString([try pos(100, 0), try pos(101, 1, -3)])),
            Geometry(
                .multiLineString([[try pos(100, 0), try pos(101, 1)], [try pos(102, 2), try pos(103, 3)]])),
            Geometry(.polygon([ring, hole]), bbox: box),
            Geometry(.multiPolygon([[ring], [ring, hole]])),
            Geometry(
                .geometryCollection([
                    Geometry(.point(try pos(100, 0))),
                    Geometry(
                        .geometryCollection([Geometry(.lineString([try pos(101, 0), try pos(102, 1)]))])),
                ]),
                bbox: GeoJSONBoundingBox(
                    try BoundingBox(south: 0, west: 100, north: 1, east: 102), altitudes: -5...5)),
        ]
    }

    @Test("every geometry type round-trips, and re-encoding is byte-identical")
    func geometriesRoundTrip() throws {
        for geometry in try Self.sampleGeometries() {
            let data = GeoJSON.geometry(geometry).encode()
            let decoded = try GeoJSON.decode(data)
            #expect(decoded == .geometry(geometry), "\(String(decoding: data, as: UTF8.self))")
            #expect(decoded.encode() == data)
        }
    }

    @Test("features and collections round-trip with ids, null geometry and properties")
    func featuresRoundTrip() throws {
        let geometries = try Self.sampleGeometries()
        let properties: [String: JSONValue] = [
            "name": .string("Dinagat \"Islands\"\n\t\u{1}é🗺"), "count": .number(3), "ratio": .number(-0.125),
            "big": .number(1e300), "tiny": .number(.leastNonzeroMagnitude), "flag": .bool(true),
            "nothing": .null,
            "list": .array([.number(1), .string("two"), .array([]), .object([:])]),
            "nested": .object(["z": .number(1), "a": .object(["": .string("empty key")])]),
        ]
        let features = [
            Feature(id: .string("a-1"), geometry: geometries[0], properties: properties),
            Feature(id: .number(42), geometry: nil, properties: nil),
            Feature(
                id: nil, geometry: geometries[6], properties: [:],
                bbox: GeoJSONBoundingBox(try BoundingBox(south: 0, west: 100, north: 1, east: 101))),
            Feature(id: .number(-1.5), geometry: geometries[8]),
        ]
        for feature in features {
            let data = GeoJSON.feature(feature).encode()
            #expect(try GeoJSON.decode(data) == .feature(feature))
        }
        let collection = FeatureCollection(features: features)
        let data = GeoJSON.featureCollection(collection).encode()
        #expect(try GeoJSON.decode(data) == .featureCollection(collection))
        #expect(try GeoJSON.decode(data).encode() == data)
        #expect(
            try decode(#"{"type":"FeatureCollection","features":[]}"#)
                == .featureCollection(FeatureCollection(features: [])))
    }

    @Test("output is deterministic: fixed member order, sorted property keys, compact numbers")
    func deterministicOutput() throws {
        var first: [String: JSONValue] = [:]
        var second: [String: JSONValue] = [:]
        let keys = (0..<50).map { "k\($0)" }
        for key in keys { first[key] = .string(key) }
        for key in keys.reversed() { second[key] = .string(key) }
        let a = GeoJSON.feature(Feature(geometry: nil, properties: first)).encode()
        let b = GeoJSON.feature(Feature(geometry: nil, properties: second)).encode()
        #expect(a == b)
        let point = GeoJSON.feature(
            Feature(
                id: .number(7), geometry: Geometry(.point(try pos(1, 2.5))),
                properties: ["b": .number(2), "a": .number(1e21)]))
        #expect(
            String(decoding: point.encode(), as: UTF8.self)
                == #"{"type":"Feature","id":7,"geometry":{"type":"Point","coordinates":[1,2.5]},"properties":{"a":1e+21,"b":2}}"#
        )
    }

    @Test("grid cells become closed counter-clockwise polygon features")
    func tileFeature() throws {
        let tiler = GridTiler.standard
        let tile = tiler.tile(for: try Coordinate(latitude: 60.1699, longitude: 24.9384))
        let feature = try Feature(tile: tile, tiler: tiler)
        #expect(feature.id == .string(tile.description))
        let decoded = try GeoJSON.decode(GeoJSON.feature(feature).encode())
        guard case .feature(let back) = decoded, case .polygon(let rings)? = back.geometry?.shape else {
            Issue.record("not a polygon feature: \(decoded)")
            return
        }
        #expect(rings.count == 1 && rings[0].count == 5 && rings[0].first == rings[0].last)
        #expect(rings[0].map(\.coordinate) == (try tiler.polygon(of: tile)))
        #expect(throws: GridTilerError.self) {
            try Feature(tile: TileID(uncheckedLevel: 9, row: 0, column: 0), tiler: tiler)
        }
    }

    @Test("the RFC 7946 Appendix A examples decode", arguments: RFC7946Examples.all)
    func rfcExamples(name: String, text: String) throws {
        let document = try decode(text)
        #expect(try GeoJSON.decode(document.encode()) == document, "\(name)")
    }

    @Test("the RFC 7946 §1.5 feature collection decodes to the expected values")
    func rfcFeatureCollection() throws {
        guard case .featureCollection(let collection) = try decode(RFC7946Examples.featureCollection) else {
            Issue.record("not a feature collection")
            return
        }
        #expect(collection.features.count == 3)
        #expect(collection.features[0].geometry == Geometry(.point(try pos(102.0, 0.5))))
        #expect(collection.features[1].properties?["prop1"] == .number(0))
        #expect(collection.features[2].properties?["prop1"] == .object(["this": .string("that")]))
        guard case .polygon(let rings)? = collection.features[2].geometry?.shape else {
            Issue.record("third feature is not a polygon")
            return
        }
        #expect(rings[0].count == 5)
    }
}

/// The examples of RFC 7946 Appendix A and §1.5.
enum RFC7946Examples {
    static let featureCollection = """
        { "type": "FeatureCollection",
          "features": [
            { "type": "Feature", "geometry": {"type": "Point", "coordinates": [102.0, 0.5]},
              "properties": {"prop0": "value0"} },
            { "type": "Feature",
              "geometry": { "type": "LineString",
                "coordinates": [ [102.0, 0.0], [103.0, 1.0], [104.0, 0.0], [105.0, 1.0] ] },
              "properties": { "prop0": "value0", "prop1": 0.0 } },
            { "type": "Feature",
              "geometry": { "type": "Polygon",
                "coordinates": [ [ [100.0, 0.0], [101.0, 0.0], [101.0, 1.0], [100.0, 1.0], [100.0, 0.0] ] ] },
              "properties": { "prop0": "value0", "prop1": {"this": "that"} } }
          ]
        }
        """

    static let all: [(String, String)] = [
        ("A.1 Point", #"{"type": "Point", "coordinates": [100.0, 0.0]}"#),
        ("A.2 LineString", #"{"type": "LineString", "coordinates": [[100.0, 0.0], [101.0, 1.0]]}"#),
        (
            "A.3 Polygon",
            """
            {"type": "Polygon", "coordinates": [[[100.0, 0.0], [101.0, 0.0], [101.0, 1.0], [100.0, 1.0], [100.0, 0.0]]]}
            """
        ),
        (
            "A.3 Polygon with hole",
            """
            {"type": "Polygon", "coordinates": [
              [[100.0, 0.0], [101.0, 0.0], [101.0, 1.0], [100.0, 1.0], [100.0, 0.0]],
              [[100.8, 0.8], [100.8, 0.2], [100.2, 0.2], [100.2, 0.8], [100.8, 0.8]]]}
            """
        ),
        ("A.4 MultiPoint", #"{"type": "MultiPoint", "coordinates": [[100.0, 0.0], [101.0, 1.0]]}"#),
        (
            "A.5 MultiLineString",
            """
            {"type": "MultiLineString", "coordinates": [[[100.0, 0.0], [101.0, 1.0]], [[102.0, 2.0], [103.0, 3.0]]]}
            """
        ),
        (
            "A.6 MultiPolygon",
            """
            {"type": "MultiPolygon", "coordinates": [
              [[[102.0, 2.0], [103.0, 2.0], [103.0, 3.0], [102.0, 3.0], [102.0, 2.0]]],
              [[[100.0, 0.0], [101.0, 0.0], [101.0, 1.0], [100.0, 1.0], [100.0, 0.0]],
               [[100.2, 0.2], [100.2, 0.8], [100.8, 0.8], [100.8, 0.2], [100.2, 0.2]]]]}
            """
        ),
        (
            "A.7 GeometryCollection",
            """
            {"type": "GeometryCollection", "geometries": [
              {"type": "Point", "coordinates": [100.0, 0.0]},
              {"type": "LineString", "coordinates": [[101.0, 0.0], [102.0, 1.0]]}]}
            """
        ),
        (
            "§5 bbox",
            """
            {"type": "FeatureCollection", "bbox": [100.0, 0.0, 105.0, 1.0], "features": []}
            """
        ),
        (
            "§5.2 antimeridian bbox",
            """
            {"type": "Feature", "bbox": [177.0, -20.0, -178.0, -16.0], "geometry": null, "properties": null}
            """
        ),
        ("§1.5 FeatureCollection", featureCollection),
    ]
}
