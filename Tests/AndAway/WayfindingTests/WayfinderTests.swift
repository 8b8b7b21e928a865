import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import PlaceStore
import RoutingKit
import Testing
import Wayfinding

/// A temporary folder, removed when released.
final class ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("loci-wayfinding-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Why a source could not be had, as a test says it.
struct Unavailable: Error, CustomStringConvertible {
    let description: String
}

@Suite(
    "Directions between positions and named places on the Helsinki extract",
    .enabled(
        if: SharedData.has("osm/helsinki.osm.pbf"),
        Comment(rawValue: SharedData.missingMessage("the Helsinki extract"))))
struct WayfinderTests {
    /// Ateneum and the National Theatre as OpenStreetMap places them (osm:way/8033120, osm:way/122595207).
    static let ateneum = Place(
        id: PlaceID(osm: .way, id: 8_033_120), name: "Ateneum", category: "museum",
        coordinate: Coordinate(uncheckedLatitude: 60.170_018, longitude: 24.944_219))
    static let theatre = Place(
        id: PlaceID(osm: .way, id: 122_595_207), name: "Suomen Kansallisteatteri", category: "theatre",
        coordinate: Coordinate(uncheckedLatitude: 60.172_412, longitude: 24.943_815))

    static func store(in directory: ScratchDirectory) throws -> SQLitePlaceStore {
        let path = directory.url.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: path)
        try writer.insert([ateneum, theatre])
        try writer.finish()
        return try SQLitePlaceStore(path: path)
    }

    static func local(_ directory: ScratchDirectory) -> DirectionsProvider {
        .local(
            extract: SharedData.url("osm/helsinki.osm.pbf"),
            cacheDirectory: directory.url.appendingPathComponent("routing"))
    }

    @Test("names resolve to the store's best matches: the route equals the one between their positions")
    func namesResolve() async throws {
        let directory = try ScratchDirectory()
        let store = try Self.store(in: directory)
        let wayfinder = Wayfinder(provider: Self.local(directory)) { LocalPlacesProvider(store: store) }
        let byName = try await wayfinder.route(
            from: .placeName("Ateneum"), to: .placeName("Kansallisteatteri"), mode: .foot)
        let byPosition = try await wayfinder.route(
            from: .position(Self.ateneum.coordinate), to: .position(Self.theatre.coordinate), mode: .foot)
        #expect(byName.distance == byPosition.distance)
        #expect(byName.steps.map(\.instruction) == byPosition.steps.map(\.instruction))
        // The two are 267 m apart as the crow flies (haversine); a walk is longer, but not absurdly.
        let straight = Haversine.distance(Self.ateneum.coordinate, Self.theatre.coordinate)
        #expect(abs(straight - 267) < 2)
        #expect(byName.distance > straight && byName.distance < 3 * straight)
        #expect(byName.steps.last?.maneuver == .arrive)
    }

    @Test("positions alone never open the place search")
    func positionsOnly() async throws {
        let directory = try ScratchDirectory()
        let wayfinder = Wayfinder(provider: Self.local(directory)) {
            throw Unavailable(description: "the store must not be opened")
        }
        let route = try await wayfinder.route(
            from: .position(Self.ateneum.coordinate), to: .position(Self.theatre.coordinate), mode: .foot)
        #expect(route.distance > 0)
    }

    @Test("an unknown name is refused naming its end, before any graph is built")
    func unknownName() async throws {
        let directory = try ScratchDirectory()
        let store = try Self.store(in: directory)
        let wayfinder = Wayfinder(
            provider: .local(
                extract: directory.url.appendingPathComponent("missing.osm.pbf"),
                cacheDirectory: directory.url)
        ) { LocalPlacesProvider(store: store) }
        do {
            _ = try await wayfinder.route(from: .placeName("Ateneum"), to: .placeName("Nowhereplacezz"), mode: .foot)
            Issue.record("an unknown destination was routed")
        } catch {
            guard case .noPlace(let end, let name) = error else {
                Issue.record("expected noPlace, got \(error)")
                return
            }
            #expect(end == .destination)
            #expect(name == "Nowhereplacezz")
        }
    }

    @Test("a missing extract and a failing place search are named")
    func failures() async throws {
        let directory = try ScratchDirectory()
        let missing = directory.url.appendingPathComponent("missing.osm.pbf")
        let noExtract = Wayfinder(provider: .local(extract: missing, cacheDirectory: directory.url)) {
            throw Unavailable(description: "unused")
        }
        await #expect(throws: WayfinderError.self) {
            try await noExtract.route(
                from: .position(Self.ateneum.coordinate), to: .position(Self.theatre.coordinate), mode: .foot)
        }
        do {
            _ = try await noExtract.route(
                from: .position(Self.ateneum.coordinate), to: .position(Self.theatre.coordinate), mode: .foot)
        } catch {
            #expect(error.description == "no extract at \(missing.path)")
        }
        let noStore = Wayfinder(provider: Self.local(directory)) { throw Unavailable(description: "no place database") }
        do {
            _ = try await noStore.route(from: .placeName("Ateneum"), to: .position(Self.theatre.coordinate), mode: .foot)
            Issue.record("a name was resolved without a store")
        } catch {
            #expect(error.description == "no place database")
        }
    }
}
