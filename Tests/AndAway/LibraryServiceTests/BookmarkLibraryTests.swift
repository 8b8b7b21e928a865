import Foundation
import GeoKit
import LibraryKit
import LibraryService
import LibraryStore
import PlaceKit
import PlaceStore
import Synchronization
import Testing

@Suite("Bookmark library: places bookmarked from the store, by id or as pins; lists by name")
struct BookmarkLibraryTests {
    /// A scratch folder with a library and a place store holding Ateneum, removed when released.
    final class Files {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("library-service-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }

        static let ateneum = Place(
            id: PlaceID(osm: .way, id: 8_033_120), name: "Ateneum", category: "museum",
            coordinate: Coordinate(uncheckedLatitude: 60.170_018, longitude: 24.944_219))
        static let clock = Date(timeIntervalSince1970: 1_780_000_000)

        var libraryPath: String { url.appendingPathComponent("nested/library.sqlite").path }

        func library(replica: String = "test-a") throws -> BookmarkLibrary {
            let store = try BookmarkLibrary.openStore(path: libraryPath) { replica }
            let placesPath = url.appendingPathComponent("places.sqlite").path
            if !FileManager.default.fileExists(atPath: placesPath) {
                let writer = try PlaceStoreWriter(path: placesPath)
                try writer.insert([Self.ateneum])
                try writer.finish()
            }
            let places = try SQLitePlaceStore(path: placesPath)
            let counter = Counter()
            return BookmarkLibrary(
                store: store, places: { LocalPlacesProvider(store: places) }, now: { Self.clock },
                makeID: { "id-\(counter.next())" })
        }
    }

    /// 1, 2, 3, … across threads.
    final class Counter: Sendable {
        private let value = Mutex(0)
        func next() -> Int { value.withLock { $0 += 1; return $0 } }
    }

    @Test("a store place gives the title and the position, stamped with the injected clock")
    func storedPlace() async throws {
        let files = Files()
        let library = try files.library()
        let saved = try await library.bookmark(.stored(Files.ateneum.id), name: nil, coordinate: nil, note: "Art")
        #expect(saved.id == "id-1")
        #expect(saved.name == "Ateneum")
        #expect(saved.place == PlaceReference(provider: .local, id: "osm:way/8033120"))
        #expect(saved.coordinate == Files.ateneum.coordinate)
        #expect(saved.coordinateSavedAt == Files.clock)
        #expect(try library.bookmarks().map(\.name) == ["Ateneum"])
    }

    @Test("a pin's id is its position to six decimals; a Google id needs a title")
    func pinsAndGoogle() async throws {
        let files = Files()
        let library = try files.library()
        let pin = try await library.bookmark(
            .pin(try Coordinate(latitude: 60.1, longitude: 24.9)), name: "Pin", coordinate: nil)
        #expect(pin.place == PlaceReference(provider: .custom, id: "pin:60.100000,24.900000"))
        #expect(pin.coordinate == (try Coordinate(latitude: 60.1, longitude: 24.9)))
        do {
            _ = try await library.bookmark(.google("ChIJabc"), name: nil, coordinate: nil)
            Issue.record("a Google bookmark without a title was saved")
        } catch {
            guard case .needsTitle = error else { throw error }
        }
        let missing = PlaceID(osm: .node, id: 0)
        do {
            _ = try await library.bookmark(.stored(missing), name: nil, coordinate: nil)
            Issue.record("a place missing from the store was bookmarked")
        } catch {
            guard case .noPlace(let id) = error else { throw error }
            #expect(id == missing)
        }
    }

    @Test("lists are found by name in any case; filters by list and tag combine; counts follow")
    func lists() async throws {
        let files = Files()
        let library = try files.library()
        let favourites = try library.createList(named: "Favourites")
        let art = try await library.bookmark(
            .stored(Files.ateneum.id), name: nil, coordinate: nil, tags: ["art"], lists: ["favourites"])
        let pin = try await library.bookmark(
            .pin(try Coordinate(latitude: 60.1, longitude: 24.9)), name: "Pin", coordinate: nil, tags: ["pin"])
        #expect(art.lists == [favourites.id])
        _ = try library.add(bookmarkID: pin.id, toList: "FAVOURITES")
        #expect(try library.bookmarks(list: "Favourites").count == 2)
        #expect(try library.bookmarks(list: "Favourites", tag: "pin").map(\.name) == ["Pin"])
        #expect(try library.bookmarks(tag: "art").map(\.name) == ["Ateneum"])
        #expect(try library.listSummaries().map(\.bookmarks) == [2])
        _ = try library.remove(bookmarkID: pin.id, fromList: "Favourites")
        #expect(try library.listSummaries().map(\.bookmarks) == [1])
        #expect(try library.retag(bookmarkID: pin.id, adding: ["red"], removing: ["pin"]).tags == ["red"])
        #expect(try library.setNote("", bookmarkID: art.id).note == "")
        #expect(try library.renameList("favourites", to: "Faves").name == "Favourites")
        #expect(try library.library(list: "Faves").bookmarks.map(\.name) == ["Ateneum"])
        do {
            _ = try library.bookmarks(list: "Nope")
            Issue.record("a missing list was read")
        } catch {
            guard case .noList("Nope") = error else { throw error }
        }
        #expect(try library.deleteList("Faves").id == favourites.id)
        #expect(try library.lists().isEmpty)
    }

    @Test("removing a bookmark twice names it the second time; a reopened library keeps its replica id")
    func removeAndReopen() async throws {
        let files = Files()
        let library = try files.library(replica: "first")
        let pin = try await library.bookmark(.pin(try Coordinate(latitude: 1, longitude: 2)), name: "P", coordinate: nil)
        try library.removeBookmark(id: pin.id)
        do {
            try library.removeBookmark(id: pin.id)
            Issue.record("a removed bookmark was removed again")
        } catch {
            guard case .noBookmark(let id) = error else { throw error }
            #expect(id == pin.id)
        }
        _ = try files.library(replica: "second")
        #expect(LibraryStore.storedReplicaID(path: files.libraryPath) == "first")
    }
}
