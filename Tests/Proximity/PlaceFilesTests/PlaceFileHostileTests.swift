import Foundation
import PlaceFiles
import Testing

/// One hostile file and what its refusal must say.
struct HostileCase: Sendable, CustomTestStringConvertible {
    let label: String
    let text: String
    let kind: PlaceFileError.Kind
    let index: Int?
    let field: String?
    /// Words the one-line description must contain (the id or name of the feature, the reason).
    let words: [String]

    var testDescription: String { label }
}

/// A FeatureCollection of a good place followed by `feature`.
private func collection(_ feature: String) -> String {
    """
    {"type": "FeatureCollection", "features": [
      {"type": "Feature", "id": "good", "geometry": {"type": "Point", "coordinates": [24.94, 60.17]}, "properties": {"name": "Good"}},
      \(feature)
    ]}
    """
}

private let point = #""geometry": {"type": "Point", "coordinates": [24.95, 60.18]}"#

@Suite("Hostile place files are refused, naming the feature and field")
struct PlaceFileHostileTests {
    static let cases: [HostileCase] = [
        HostileCase(
            label: "a LineString feature", text: collection(#"{"type": "Feature", "id": "walk", "geometry": {"type": "LineString", "coordinates": [[24.9, 60.1], [24.95, 60.2]]}, "properties": {"name": "Route"}}"#),
            kind: .wrongGeometry, index: 1, field: "geometry.type", words: ["features[1].geometry.type", "id 'walk'", "name 'Route'", "LineString"]),
        HostileCase(
            label: "a Polygon feature", text: collection(#"{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[24.9, 60.1], [24.95, 60.1], [24.95, 60.2], [24.9, 60.1]]]}, "properties": {"name": "Park"}}"#),
            kind: .wrongGeometry, index: 1, field: "geometry.type", words: ["name 'Park'", "Polygon"]),
        HostileCase(
            label: "a feature without geometry", text: collection(#"{"type": "Feature", "geometry": null, "properties": {"name": "Nowhere"}}"#),
            kind: .wrongGeometry, index: 1, field: "geometry", words: ["Nowhere", "Point"]),
        HostileCase(
            label: "a bare geometry", text: #"{"type": "LineString", "coordinates": [[24.9, 60.1], [24.95, 60.2]]}"#,
            kind: .wrongGeometry, index: nil, field: "type", words: ["bare LineString", "FeatureCollection"]),
        HostileCase(
            label: "a single Feature", text: #"{"type": "Feature", \#(point), "properties": {"name": "A"}}"#,
            kind: .wrongGeometry, index: nil, field: "type", words: ["single Feature"]),
        HostileCase(
            label: "a missing name", text: collection(#"{"type": "Feature", "id": "x1", \#(point), "properties": {"category": "cafe"}}"#),
            kind: .invalidField, index: 1, field: "properties.name", words: ["features[1].properties.name", "id 'x1'", "missing"]),
        HostileCase(
            label: "no properties at all", text: collection(#"{"type": "Feature", \#(point), "properties": null}"#),
            kind: .invalidField, index: 1, field: "properties.name", words: ["missing"]),
        HostileCase(
            label: "an empty name", text: collection(#"{"type": "Feature", "id": "x2", \#(point), "properties": {"name": "  "}}"#),
            kind: .invalidField, index: 1, field: "properties.name", words: ["id 'x2'", "must not be empty"]),
        HostileCase(
            label: "a name that is a number", text: collection(#"{"type": "Feature", \#(point), "properties": {"name": 7}}"#),
            kind: .invalidField, index: 1, field: "properties.name", words: ["must be a string"]),
        HostileCase(
            label: "a latitude out of range", text: collection(#"{"type": "Feature", "id": "north", "geometry": {"type": "Point", "coordinates": [24.9, 91]}, "properties": {"name": "Pole+"}}"#),
            kind: .invalidField, index: 1, field: "geometry.coordinates[1]", words: ["features[1].geometry.coordinates[1]", "id 'north'", "name 'Pole+'"]),
        HostileCase(
            label: "a longitude out of range", text: collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [181, 60]}, "properties": {"name": "East"}}"#),
            kind: .invalidField, index: 1, field: "geometry.coordinates[0]", words: ["name 'East'"]),
        HostileCase(
            label: "a coordinate beyond Double (not finite)", text: collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1e999, 60]}, "properties": {"name": "Inf"}}"#),
            kind: .malformed, index: nil, field: nil, words: ["JSON"]),
        HostileCase(
            label: "a negative radius", text: collection(#"{"type": "Feature", "id": "r", \#(point), "properties": {"name": "Neg", "radius_m": -5}}"#),
            kind: .invalidField, index: 1, field: "properties.radius_m", words: ["features[1].properties.radius_m", "id 'r'", "name 'Neg'", "-5"]),
        HostileCase(
            label: "an absurd radius", text: collection(#"{"type": "Feature", \#(point), "properties": {"name": "Huge", "radius_m": 1e9}}"#),
            kind: .invalidField, index: 1, field: "properties.radius_m", words: ["between 50 and 50000"]),
        HostileCase(
            label: "a radius given as text", text: collection(#"{"type": "Feature", \#(point), "properties": {"name": "Text", "radius_m": "200"}}"#),
            kind: .invalidField, index: 1, field: "properties.radius_m", words: ["must be a number"]),
        HostileCase(
            label: "duplicate ids", text: collection(#"{"type": "Feature", "id": "good", \#(point), "properties": {"name": "Again"}}"#),
            kind: .duplicateID, index: 1, field: "id", words: ["features[1].id", "name 'Again'", "features[0]"]),
        HostileCase(
            label: "broken JSON", text: #"{"type": "FeatureCollection", "features": [}"#,
            kind: .malformed, index: nil, field: nil, words: ["invalid JSON", "byte"]),
        HostileCase(
            label: "a nesting bomb", text: String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000),
            kind: .malformed, index: nil, field: nil, words: ["invalid JSON", "deep"]),
        HostileCase(
            label: "nesting too deep for GeoJSON inside a feature",
            text: collection(#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": "# + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}}"),
            kind: .malformed, index: nil, field: nil, words: ["invalid JSON"]),
        HostileCase(
            label: "JSON of another shape", text: #"{"rows": []}"#, kind: .unknownFormat, index: nil, field: nil, words: ["neither"]),
        HostileCase(label: "CSV", text: "name,lat,lon\nA,1,2\n", kind: .unknownFormat, index: nil, field: nil, words: ["not a place file"]),
        HostileCase(
            label: "a GPX waypoint without a name", text: #"<gpx version="1.1"><wpt lat="1" lon="2"><name>A</name></wpt><wpt lat="1" lon="3"><desc>no name</desc></wpt></gpx>"#,
            kind: .invalidField, index: 1, field: "name", words: ["wpt[1].name", "missing"]),
        HostileCase(
            label: "a GPX waypoint with an empty name", text: #"<gpx version="1.1"><wpt lat="1" lon="3"><name> </name></wpt></gpx>"#,
            kind: .invalidField, index: 0, field: "name", words: ["wpt[0].name", "must not be empty"]),
        HostileCase(
            label: "a GPX waypoint out of range", text: #"<gpx version="1.1"><wpt lat="1" lon="2"><name>A</name></wpt><wpt lat="95" lon="3"><name>B</name></wpt></gpx>"#,
            kind: .malformed, index: nil, field: nil, words: ["invalid position", "line 1"]),
        HostileCase(
            label: "a GPX radius that is not a number", text: #"<gpx version="1.1" xmlns:loci="urn:loci:gpx:places:1"><wpt lat="1" lon="2"><name>A</name><extensions><loci:radius_m>wide</loci:radius_m></extensions></wpt></gpx>"#,
            kind: .invalidField, index: 0, field: "extensions.radius_m", words: ["name 'A'", "'wide'"]),
        HostileCase(
            label: "a GPX radius out of range", text: #"<gpx version="1.1" xmlns:loci="urn:loci:gpx:places:1"><wpt lat="1" lon="2"><name>A</name><extensions><loci:radius_m>10</loci:radius_m></extensions></wpt></gpx>"#,
            kind: .invalidField, index: 0, field: "extensions.radius_m", words: ["between 50 and 50000"]),
        HostileCase(
            label: "a GPX file of tracks only", text: #"<gpx version="1.1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>"#,
            kind: .wrongGeometry, index: nil, field: "wpt", words: ["no waypoints"]),
        HostileCase(
            label: "a GPX file with a DTD", text: "<!DOCTYPE gpx [<!ENTITY a \"aaaa\">]><gpx><wpt lat=\"1\" lon=\"2\"><name>&a;</name></wpt></gpx>",
            kind: .malformed, index: nil, field: nil, words: ["GPX"]),
        HostileCase(
            label: "a Loci JSON place out of range", text: #"{"trip": {"name": "x"}, "places": [{"id": "a", "name": "A", "lat": 91, "lon": 0}]}"#,
            kind: .invalidField, index: 0, field: "lat/lon", words: ["places[0].lat/lon", "id 'a'", "not a valid position"]),
        HostileCase(
            label: "a Loci JSON place with a bad radius", text: #"{"trip": {"name": "x"}, "places": [{"id": "b", "name": "B", "lat": 1, "lon": 0, "radius_m": 0}]}"#,
            kind: .invalidField, index: 0, field: "radius_m", words: ["places[0].radius_m", "id 'b'"]),
        HostileCase(
            label: "Loci JSON duplicate ids", text: #"{"trip": {"name": "x"}, "places": [{"id": "c", "name": "C", "lat": 1, "lon": 0}, {"id": "c", "name": "D", "lat": 2, "lon": 0}]}"#,
            kind: .duplicateID, index: 1, field: "id", words: ["places[1].id", "places[0]"]),
    ]

    @Test("each is refused with its kind, feature and field", arguments: cases)
    func refused(_ hostile: HostileCase) {
        do {
            let file = try PlaceFileReader.read(Data(hostile.text.utf8))
            Issue.record("\(hostile.label): read \(file.places.count) places")
        } catch {
            #expect(error.kind == hostile.kind, "\(error)")
            #expect(error.feature?.index == hostile.index, "\(error)")
            #expect(error.field == hostile.field, "\(error)")
            for word in hostile.words { #expect(error.description.contains(word), "\(error.description) lacks \(word)") }
        }
    }

    @Test("a file over the byte limit is refused before it is parsed")
    func tooLarge() throws {
        // Not even JSON: only the size can have refused it.
        let data = Data(repeating: UInt8(ascii: "x"), count: 2_001)
        #expect(throws: PlaceFileError.self) { try PlaceFileReader.read(data, limits: PlaceFileLimits(maximumBytes: 2_000)) }
        do { _ = try PlaceFileReader.read(data, limits: PlaceFileLimits(maximumBytes: 2_000)) } catch { #expect(error.kind == .tooLarge) }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("placefiles-large-\(UUID().uuidString).geojson")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        do { _ = try PlaceFileReader.read(contentsOf: url, limits: PlaceFileLimits(maximumBytes: 2_000)) } catch {
            #expect(error.kind == .tooLarge)
            #expect(error.description.contains("2001 bytes"))
        }
    }

    @Test("a file with more places than the limit is refused before any place is read", arguments: [PlaceFileFormat.geoJSON, .gpx, .lociJSON])
    func tooManyPlaces(format: PlaceFileFormat) throws {
        // The third place is broken: a limit checked after reading places would report it instead.
        let places = [
            SavedPlaceFixture(id: "a", name: "A"), SavedPlaceFixture(id: "b", name: "B"), SavedPlaceFixture(id: "c", name: ""),
        ]
        let text = places.text(format)
        do {
            _ = try PlaceFileReader.read(Data(text.utf8), limits: PlaceFileLimits(maximumPlaces: 2))
            Issue.record("read")
        } catch {
            #expect(error.kind == .tooManyPlaces, "\(error)")
            #expect(error.description.contains("3"))
        }
        do {
            _ = try PlaceFileReader.read(Data(text.utf8), limits: PlaceFileLimits(maximumPlaces: 3))
            Issue.record("read")
        } catch {
            #expect(error.kind == .invalidField, "\(error)")
        }
    }
}

/// A minimal place written by hand in each format (not through the writer under test).
struct SavedPlaceFixture {
    let id: String
    let name: String
}

extension [SavedPlaceFixture] {
    func text(_ format: PlaceFileFormat) -> String {
        let numbered = enumerated().map { ($0, $1) }
        switch format {
        case .geoJSON:
            let features = numbered.map { i, p in
                #"{"type": "Feature", "id": "\#(p.id)", "geometry": {"type": "Point", "coordinates": [24.9, \#(60 + Double(i) / 100)]}, "properties": {"name": "\#(p.name)"}}"#
            }
            return #"{"type": "FeatureCollection", "features": ["# + features.joined(separator: ",") + "]}"
        case .gpx:
            return #"<gpx version="1.1">"# + numbered.map { i, p in #"<wpt lat="\#(60 + Double(i) / 100)" lon="24.9"><name>\#(p.name)</name></wpt>"# }.joined() + "</gpx>"
        case .lociJSON:
            let places = numbered.map { i, p in #"{"id": "\#(p.id)", "name": "\#(p.name)", "lat": \#(60 + Double(i) / 100), "lon": 24.9}"# }
            return #"{"trip": {"name": "T"}, "places": ["# + places.joined(separator: ",") + "]}"
        }
    }
}
