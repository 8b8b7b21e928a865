import Foundation
import GeoKit
import PlaceFiles
import ProximityKit
import Testing
@testable import ProximityStore

@Suite("Importing and exporting a trip's places")
struct TripServicePlaceFileTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("trips-files-\(UUID().uuidString).sqlite").path

    func service() throws -> TripService {
        let service = TripService(store: try TripStore(path: path), places: { throw TripServiceError.placeLookup("no place store") })
        _ = try service.create(name: "Helsinki", alertRadius: 300, timeZone: "Europe/Helsinki")
        return service
    }

    static let geoJSON = """
        {"type": "FeatureCollection", "features": [
          {"type": "Feature", "id": "regatta", "geometry": {"type": "Point", "coordinates": [24.9118, 60.1830]},
           "properties": {"name": "Café Regatta", "radius_m": 100, "note": "buns", "category": "cafe"}},
          {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9370, 60.1716]}, "properties": {"name": "Kiasma"}}
        ]}
        """

    @Test("an import adds every place to the trip, keeping ids, radius and note; a second import replaces by id")
    func importsAll() throws {
        let service = try service()
        let first = try service.importPlaces(Data(Self.geoJSON.utf8), toTrip: "helsinki")
        #expect(first.format == .geoJSON)
        #expect((first.added, first.replaced) == (2, 0))
        let places = try service.tripWithPlaces(named: "Helsinki").places
        #expect(places.map(\.id) == ["regatta", "custom:60.171600,24.937000"])
        #expect(places[0].alertRadius == 100)
        #expect(places[0].note == "buns")
        #expect(places.allSatisfy { $0.tripID == first.trip.id })
        let again = try service.importPlaces(Data(Self.geoJSON.utf8), toTrip: "Helsinki")
        #expect((again.added, again.replaced) == (0, 2))
        #expect(try service.trips().first?.places == 2)
    }

    @Test("an import with one bad place writes nothing, and says which place and field", arguments: [
        #"{"type": "Feature", "id": "bad", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "Bad", "radius_m": -1}}"#,
        #"{"type": "Feature", "id": "bad", "geometry": {"type": "LineString", "coordinates": [[24.9, 60.1], [24.9, 60.2]]}, "properties": {"name": "Bad"}}"#,
        #"{"type": "Feature", "id": "regatta", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {"name": "Bad"}}"#,
    ])
    func allOrNothing(badFeature: String) throws {
        let service = try service()
        let text = Self.geoJSON.replacingOccurrences(of: "\n]}", with: ",\n  \(badFeature)\n]}")
        #expect(text != Self.geoJSON)
        do {
            _ = try service.importPlaces(Data(text.utf8), toTrip: "Helsinki")
            Issue.record("imported")
        } catch {
            guard case .placeFile(let refusal) = error else { Issue.record("\(error)"); return }
            #expect(refusal.feature?.index == 2)
            #expect(refusal.description.contains("features[2]"))
            #expect(refusal.description.contains("name 'Bad'"))
        }
        #expect(try service.tripWithPlaces(named: "Helsinki").places.isEmpty)
        #expect(try TripStore(path: path).places().isEmpty, "nothing reached the file")
    }

    @Test("an export reads back to the same places in every format; Loci JSON keeps the trip", arguments: PlaceFileFormat.allCases)
    func exportRoundTrip(format: PlaceFileFormat) throws {
        let service = try service()
        _ = try service.importPlaces(Data(Self.geoJSON.utf8), toTrip: "Helsinki")
        let (trip, places) = try service.tripWithPlaces(named: "Helsinki")
        let export = try service.exportPlaces(ofTrip: "Helsinki", as: format)
        #expect(export.places == 2)
        let read = try PlaceFileReader.read(export.data)
        #expect(read.places.map(\.id) == places.map(\.id))
        #expect(read.places.map(\.alertRadius) == places.map(\.alertRadius))
        #expect(read.places.map(\.note) == places.map(\.note))
        if format == .lociJSON {
            #expect(read.trip?.alertRadius == trip.alertRadius)
            #expect(read.trip?.timeZone == trip.timeZone)
        }
    }

    @Test("an unknown trip is named before the file is read")
    func unknownTrip() throws {
        let service = try service()
        #expect(throws: TripServiceError.self) { try service.importPlaces(Data("garbage".utf8), toTrip: "Oslo") }
        do { _ = try service.importPlaces(Data("garbage".utf8), toTrip: "Oslo") } catch {
            #expect(error.description.contains("Oslo"))
        }
    }
}
