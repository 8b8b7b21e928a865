import AndAwayFeature
import Foundation
import LibraryExchange
import LibraryKit
import LibrarySync
import PlaceKit
import RoutingKit
import Testing

@MainActor
@Suite("And Away's library, details, directions and sync", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct LibraryModelTests {
    /// Saves the first `count` cafés found near the user.
    static func saveCafes(_ harness: Harness, count: Int) async throws -> [Place] {
        let search = SearchModel(environment: harness.environment)
        search.type("cafe")
        await search.submit()
        let places = Array(search.state.rows.prefix(count).map(\.place))
        for (index, place) in places.enumerated() {
            let detail = PlaceDetailModel(place: place, provider: .local, environment: harness.environment)
            await detail.load()
            await detail.save(note: "note \(index)\nsecond line", tags: index.isMultiple(of: 2) ? ["even"] : ["odd"])
            try #require(detail.state.isSaved, "\(detail.state.error ?? "")")
        }
        return places
    }

    @Test("bookmarks with notes, tags and lists; filters by list and tag")
    func bookmarksAndLists() async throws {
        let harness = try Harness()
        let places = try await Self.saveCafes(harness, count: 4)
        let model = LibraryModel(environment: harness.environment)
        model.load()
        #expect(model.state.bookmarks.count == 4)
        #expect(model.state.tags == ["even", "odd"])
        model.createList(named: "Weekend")
        #expect(model.state.lists.map(\.list.name) == ["Weekend"])
        let first = try #require(model.state.bookmarks.first { $0.place.id == places[0].id.rawValue })
        model.setMembership(bookmarkID: first.id, list: "Weekend", isMember: true)
        model.setNote("Go early", bookmarkID: first.id)
        model.retag(bookmarkID: first.id, adding: ["brunch"])
        model.filter(list: "Weekend", tag: nil)
        #expect(model.state.bookmarks.map(\.id) == [first.id])
        #expect(model.state.bookmarks.first?.note == "Go early")
        #expect(model.state.bookmarks.first?.tags == ["brunch", "even"])
        model.filter(list: nil, tag: "odd")
        #expect(model.state.bookmarks.count == 2)
        model.deleteList("Weekend")
        model.filter(list: nil, tag: nil)
        #expect(model.state.lists.isEmpty)
        #expect(model.state.bookmarks.count == 4)
        model.filter(list: "Weekend", tag: nil)
        #expect(model.state.error?.contains("Weekend") == true)
    }

    @Test("every format exports and imports into another phone's library unchanged", arguments: ExchangeFormat.allCases)
    func exportImport(format: ExchangeFormat) async throws {
        let harness = try Harness()
        _ = try await Self.saveCafes(harness, count: 3)
        let source = LibraryModel(environment: harness.environment)
        source.createList(named: "Coffee")
        source.load()
        for bookmark in source.state.bookmarks { source.setMembership(bookmarkID: bookmark.id, list: "Coffee", isMember: true) }
        let file = try #require(source.export(format: format))
        #expect(file.fileName == "And Away.\(format.rawValue)")
        #expect(!file.bytes.isEmpty)
        let other = try Harness(replica: "tablet")
        let target = LibraryModel(environment: other.environment)
        target.importFile(named: file.fileName, bytes: file.bytes)
        #expect(target.state.error == nil)
        #expect(target.state.lastImport?.added ?? 0 >= 4)
        let want = try harness.environment.store.library()
        let got = try other.environment.store.library()
        #expect(got.bookmarks == want.bookmarks)
        #expect(got.lists == want.lists)
    }

    @Test("a file that is not a library is refused whole, naming the file")
    func badImport() async throws {
        let harness = try Harness()
        let model = LibraryModel(environment: harness.environment)
        model.importFile(named: "places.kml", bytes: Array("<kml><Document><Placemark>".utf8))
        #expect(model.state.error?.contains("places.kml") == true)
        model.importFile(named: "notes.txt", bytes: Array("hello".utf8))
        #expect(model.state.error?.contains("notes.txt") == true)
        #expect(try harness.environment.store.library().bookmarks.isEmpty)
    }

    @Test("details say whether a place is saved; unsaving removes the bookmark")
    func detailSaveState() async throws {
        let harness = try Harness()
        let places = try await Self.saveCafes(harness, count: 1)
        let detail = PlaceDetailModel(place: places[0], provider: .local, environment: harness.environment)
        await detail.load()
        #expect(detail.state.isSaved)
        #expect(detail.state.bookmark?.note == "note 0\nsecond line")
        detail.unsave()
        #expect(!detail.state.isSaved)
        #expect(try harness.environment.store.bookmarks().isEmpty)
    }

    @Test("directions to a place: a walking route with steps; a mode without a route shows why, not the old route")
    func directions() async throws {
        let harness = try Harness()
        let search = SearchModel(environment: harness.environment)
        search.type("Ateneum")
        await search.submit()
        let ateneum = try #require(search.state.rows.first { $0.place.name == "Ateneum" })
        let detail = PlaceDetailModel(place: ateneum.place, provider: .local, environment: harness.environment)
        await detail.routeHere()
        let walk = detail.directions.state
        #expect(walk.error == nil)
        #expect(walk.route?.mode == .foot)
        #expect(!walk.steps.isEmpty)
        #expect(walk.summary?.contains("min") == true)
        await detail.directions.setMode(.bicycle)
        // Rautatientori's pedestrian square is not joined to the cycle network in this extract.
        let ride = detail.directions.state
        #expect(ride.mode == .bicycle)
        #expect(ride.route == nil)
        #expect(ride.steps.isEmpty)
        #expect(ride.error?.hasPrefix(AndAwayCopy.noRoute(.bicycle, detail: "")) == true, "\(ride.error ?? "nil")")
        await detail.directions.setMode(.foot)
        #expect(detail.directions.state.route == walk.route)
        #expect(detail.directions.state.error == nil)
    }

    @Test("two phones sync through the hub: a bookmark made on one appears on the other; offline is shown")
    func sync() async throws {
        let hub = InMemorySyncHub()
        let phone = try Harness(sync: (hub, "phone"), replica: "phone")
        let tablet = try Harness(sync: (hub, "tablet"), replica: "tablet")
        _ = try await Self.saveCafes(phone, count: 2)
        let phoneSync = SyncModel(environment: phone.environment)
        let tabletSync = SyncModel(environment: tablet.environment)
        #expect(phoneSync.state.status == .idle)
        #expect(await phoneSync.syncNow())
        #expect(await tabletSync.syncNow())
        #expect(tabletSync.state.lastReport?.receivedRecords ?? 0 >= 2)
        #expect(tabletSync.state.lastSynced == Helsinki.noon)
        #expect(try tablet.environment.store.library().bookmarks == phone.environment.store.library().bookmarks)
        hub.setOnline(false, replica: "tablet")
        #expect(await tabletSync.syncNow() == false)
        #expect(tabletSync.state.status == .offline)
    }
}
