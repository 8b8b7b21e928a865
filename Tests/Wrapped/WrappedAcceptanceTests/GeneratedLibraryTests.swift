import Foundation
import Gazetteer
import GeoKit
import LociTestSupport
import PhotoLibrary
import Testing
import WrappedKit

/// The generated 10,000-photo year (`scripts/make-photo-library`): real JPEGs with rewritten
/// times and GPS and a manifest of the truth, computed by the script from its own scenario.
@Suite(
    "Photo Wrapped on a generated 10,000-photo library",
    .enabled(
        if: SharedData.has("photos/exif-samples", "geo/gazetteer-cities500.tsv.gz"),
        Comment(rawValue: SharedData.missingMessage("photos/exif-samples and geo/gazetteer-cities500.tsv.gz"))),
    .serialized)
struct GeneratedLibraryTests {
    struct Manifest: Decodable {
        struct Photo: Decodable {
            let file: String
            let local: String?
            let place: String?
            let segment: String
            let date_written: Bool
            let gps_written: Bool
        }
        struct Place: Decodable {
            let lat: Double
            let lon: Double
        }
        struct Ranked: Decodable {
            let place: String
            let distinct_days: Int
            let photos: Int
        }
        let count: Int
        let photos: [Photo]
        let places: [String: Place]
        let expected_ranking: [Ranked]
    }

    struct Fixture {
        let manifest: Manifest
        let assets: [PhotoAsset]
        let issues: [ScanIssue]
        let lookup: GazetteerLookup
    }

    /// A `PlaceLookup` over the shared gazetteer (the CLI has its own adapter; this one keeps the
    /// test independent of the command-line target).
    struct GazetteerLookup: PlaceLookup {
        let gazetteer: Gazetteer
        func timeZoneIdentifier(at coordinate: Coordinate) -> String? { gazetteer.timeZone(at: coordinate) }
        func label(at coordinate: Coordinate) -> PlaceLabel? {
            gazetteer.reverse(coordinate).map { PlaceLabel(text: $0.label, confidence: .high) }
        }
    }

    /// Builds (or refreshes: the script rewrites only what differs) the library in the temporary
    /// folder and scans it once per process.
    static let fixture: Result<Fixture, Error> = Result {
        let folder = try GeneratedPhotoLibrary.tenThousand.get()
        let manifest = try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
        let source = FolderPhotoSource(root: folder.path)
        let scan = source.scan(try source.list())
        let gazetteer = try Gazetteer(contentsOf: SharedData.url("geo/gazetteer-cities500.tsv.gz").path)
        return Fixture(manifest: manifest, assets: scan.assets, issues: scan.issues, lookup: GazetteerLookup(gazetteer: gazetteer))
    }

    var year: ClosedRange<LocalDate> { LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-12-31")! }

    @Test("every generated file is read; local days match the manifest (offset → location zone → device zone)")
    func localDays() throws {
        let fixture = try Self.fixture.get()
        #expect(fixture.manifest.count >= 10_000)
        #expect(fixture.issues.isEmpty)
        #expect(fixture.assets.count == fixture.manifest.photos.count)
        let resolver = LocalTimeResolver(lookup: fixture.lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
        var zones: [String: TimeZone] = [:]
        let assets = Dictionary(uniqueKeysWithValues: fixture.assets.map { ($0.id, $0) })
        var checked = 0
        for truth in fixture.manifest.photos {
            let asset = try #require(assets[truth.file])
            guard let local = truth.local, truth.date_written else {
                #expect(asset.captureTime == nil, "\(truth.file) has no date in the manifest")
                continue
            }
            let resolved = try #require(resolver.resolve(asset, zones: &zones))
            #expect(resolved.local.date.description == String(local.prefix(10)), "\(truth.file)")
            #expect((asset.coordinate != nil) == truth.gps_written, "\(truth.file)")
            checked += 1
        }
        #expect(checked > 9_900)
    }

    @Test("the scenario places come out in the manifest's order: distinct days first, then photos")
    func topPlaces() throws {
        let fixture = try Self.fixture.get()
        let result = WrappedEngine(lookup: fixture.lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
            .run(fixture.assets, range: year)
        let places = result.visiblePlaces
        var positions: [(String, Int)] = []
        for expected in fixture.manifest.expected_ranking where expected.distinct_days >= 2 {
            let spot = try #require(fixture.manifest.places[expected.place])
            let target = Coordinate(uncheckedLatitude: spot.lat, longitude: spot.lon)
            let index = try #require(
                places.firstIndex { Haversine.distance($0.centroid, target) <= 250 }, "no place found for \(expected.place)")
            #expect(places[index].distinctDays >= expected.distinct_days, "\(expected.place)")
            positions.append((expected.place, index))
        }
        #expect(positions.map(\.1) == positions.map(\.1).sorted(), "order: \(positions)")
        #expect(places.first?.displayLabel.contains("Kallio") == true)
        // The 400-photo picnic afternoon ranks below the café visited on 40 days.
        let picnic = try #require(fixture.manifest.places["picnic"])
        let picnicIndex = try #require(places.firstIndex {
            Haversine.distance($0.centroid, Coordinate(uncheckedLatitude: picnic.lat, longitude: picnic.lon)) <= 250
        })
        #expect(picnicIndex > positions.first { $0.0 == "cafe" }!.1)
        #expect(places[picnicIndex].photoCount >= 350)
    }

    @Test("the 3 km downtown walk is split into several places, none holding most of it")
    func walkNotChained() throws {
        let fixture = try Self.fixture.get()
        let walk = Set(fixture.manifest.photos.filter { $0.segment == "walk" && $0.gps_written }.map(\.file))
        #expect(walk.count >= 80)
        let result = WrappedEngine(lookup: nil, deviceZone: TimeZone(identifier: "Europe/Helsinki")!).run(fixture.assets, range: year)
        let holding = result.places.map { Set($0.assetIDs).intersection(walk).count }.filter { $0 > 0 }
        #expect((holding.max() ?? 0) < walk.count / 2)
    }

    @Test("the deck has 8–12 cards, opens with the title and closes with a collage of real local files")
    func deck() throws {
        let fixture = try Self.fixture.get()
        let result = WrappedEngine(lookup: fixture.lookup, deviceZone: TimeZone(identifier: "Europe/Helsinki")!)
            .run(fixture.assets, range: year)
        #expect((8...12).contains(result.deck.cards.count))
        #expect(result.deck.cards.first?.kind == .title)
        let collage = try #require(result.deck.cards.last)
        #expect(collage.kind == .collage)
        #expect(collage.photos.count == 9)
        #expect(collage.photos.allSatisfy { $0.path.map(FileManager.default.fileExists(atPath:)) ?? false })
        #expect(!result.deck.isLowCoverage)
    }
}
