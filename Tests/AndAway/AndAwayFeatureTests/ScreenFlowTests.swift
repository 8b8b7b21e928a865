import AndAwayFeature
import Foundation
import GeoKit
import LibraryKit
import PlaceKit
import RoutingKit
import Testing

/// The flows And Away's screens give a person (issue 35): lists that fill, saved places that open,
/// a place's week, travel times and route line, "search this area", the weights, saved places on
/// a map in their list's colour.
@MainActor
@Suite("And Away: what the screens let a person do", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct ScreenFlowTests {
    @Test("a list made in the app fills and keeps its place after a relaunch; the map draws it in the list's colour")
    func listFills() async throws {
        let harness = try Harness()
        _ = try await LibraryModelTests.saveCafes(harness, count: 3)
        let model = LibraryModel(environment: harness.environment)
        model.load()
        model.createList(named: "Weekend")
        let chosen = try #require(model.state.bookmarks.first)
        model.setMembership(bookmarkID: chosen.id, list: "Weekend", isMember: true)
        model.renameList("Weekend", to: "Saturday")
        model.retag(bookmarkID: chosen.id, adding: ["brunch"], removing: ["even", "odd"])
        #expect(model.state.error == nil, "\(model.state.error ?? "")")

        // A relaunch: a new model over the same library file.
        let relaunched = LibraryModel(environment: harness.environment)
        relaunched.load()
        let list = try #require(relaunched.state.lists.first)
        #expect(list.list.name == "Saturday")
        #expect(list.bookmarks == 1)
        relaunched.filter(list: list.list.id, tag: nil)
        #expect(relaunched.state.bookmarks.map(\.id) == [chosen.id])
        #expect(relaunched.state.bookmarks.first?.tags == ["brunch"])
        #expect(relaunched.state.pins.map(\.id) == [chosen.id])
        #expect(relaunched.state.pins.first?.colorHex == ListColor.hex(list: list.list.id))
        #expect(relaunched.state.pins.first?.list == "Saturday")

        relaunched.filter(list: nil, tag: nil)
        let colours = Dictionary(uniqueKeysWithValues: relaunched.state.pins.map { ($0.id, $0.colorHex) })
        #expect(colours.count == 3)
        #expect(colours[chosen.id] == ListColor.hex(list: list.list.id))
        #expect(colours.filter { $0.key != chosen.id }.values.allSatisfy { $0 == ListColor.unlisted })
        #expect(ListColor.hex(list: list.list.id) != ListColor.unlisted)

        relaunched.setMembership(bookmarkID: chosen.id, list: "Saturday", isMember: false)
        #expect(relaunched.state.pins.first { $0.id == chosen.id }?.colorHex == ListColor.unlisted)
    }

    @Test("a saved row opens the place's sheet: its details, this week's hours, travel times, and a route line")
    func savedRowOpens() async throws {
        let harness = try Harness()
        let search = SearchModel(environment: harness.environment)
        search.type("cafe")
        await search.submit()
        let place = try #require(search.state.rows.map(\.place).first { $0.openingHours?.isParsed == true })
        let saving = PlaceDetailModel(place: place, provider: .local, environment: harness.environment)
        await saving.load()
        await saving.save()
        let library = LibraryModel(environment: harness.environment)
        library.load()
        let bookmark = try #require(library.state.bookmarks.first)
        let target = try #require(library.placeToOpen(bookmark))
        #expect(target.provider == .local)
        #expect(target.place.id == place.id)

        let sheet = PlaceDetailModel(place: target.place, provider: target.provider, environment: harness.environment)
        await sheet.load()
        #expect(sheet.state.place?.openingHours == place.openingHours, "the full record replaced the saved name and position")
        #expect(sheet.state.isSaved)
        #expect(sheet.state.week.count == 7)
        // Today's row agrees with "open now".
        let today = try #require(sheet.state.week.first)
        let openToday = today.open.contains { $0.contains(Helsinki.noon) }
        #expect(sheet.state.isOpen == openToday)
        #expect(sheet.state.week.map(\.day) == sheet.state.week.map(\.day).sorted())

        await sheet.loadTravelTimes()
        let travel = try #require(sheet.state.travel)
        #expect(travel.error == nil, "\(travel.error ?? "")")
        #expect((travel.walking ?? 0) > 0)

        await sheet.routeHere()
        let line = sheet.directions.state.line
        #expect(line.count >= 2)
        if let first = line.first, let last = line.last {
            #expect(Haversine.distance(first, Helsinki.user) < 300)
            #expect(Haversine.distance(last, place.coordinate) < 300)
        }
    }

    @Test("the week's hours: days in order, a span past midnight split at it, closed days empty, unknown said")
    func weekHours() throws {
        let hours = OpeningHours("Mo-Fr 08:00-16:00; Fr 22:00-02:00; Sa 10:00-14:00")
        let week = WeekHours.week(hours, from: Helsinki.noon, timeZone: Helsinki.zone)  // a Wednesday
        #expect(week.count == 7)
        func text(_ day: DayHours) -> [String] {
            day.open.map { span in
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = Helsinki.zone
                let start = calendar.dateComponents([.hour, .minute], from: span.start)
                let end = calendar.dateComponents([.hour, .minute], from: span.end)
                return "\(start.hour ?? -1):\(start.minute ?? -1)-\(end.hour ?? -1):\(end.minute ?? -1)"
            }
        }
        #expect(text(week[0]) == ["8:0-16:0"])  // Wednesday
        // Friday: the day's hours and the night stretch to midnight (the later rule replaces
        // Friday's, as OSM's opening_hours says: a second rule for the same day overrides).
        #expect(text(week[2]) == ["22:0-0:0"])
        #expect(text(week[3]) == ["0:0-2:0", "10:0-14:0"])  // Saturday: the night's end, then its own
        #expect(week[4].open.isEmpty && !week[4].isUnknown)  // Sunday: closed
        let unknown = WeekHours.week(OpeningHours("unknown"), from: Helsinki.noon, timeZone: Helsinki.zone)
        #expect(unknown.count == 7 && unknown.allSatisfy { $0.isUnknown })
    }

    @Test("Search this area is offered when the map shows another area, and finds places inside it only")
    func searchThisArea() async throws {
        let harness = try Harness()
        let search = SearchModel(environment: harness.environment)
        search.type("cafe")
        await search.submit()
        let shown = try #require(search.state.map.viewport)
        // A small pan is the same area.
        search.mapMoved(to: MapViewport(
            center: Coordinate(uncheckedLatitude: shown.center.latitude + shown.latitudeSpan / 10, longitude: shown.center.longitude),
            latitudeSpan: shown.latitudeSpan, longitudeSpan: shown.longitudeSpan))
        #expect(!search.state.canSearchThisArea)
        // Zoomed in on the south of the extract, by the Esplanadi.
        let esplanadi = MapViewport(
            center: Coordinate(uncheckedLatitude: 60.1670, longitude: 24.9480), latitudeSpan: 0.004, longitudeSpan: 0.008)
        search.mapMoved(to: esplanadi)
        #expect(search.state.canSearchThisArea)
        let before = Set(search.state.rows.map(\.id))
        await search.searchThisArea()
        #expect(search.state.error == nil, "\(search.state.error ?? "")")
        let box = esplanadi.boundingBox
        #expect(!search.state.rows.isEmpty)
        #expect(search.state.rows.allSatisfy { box.contains($0.place.coordinate) })
        #expect(Set(search.state.rows.map(\.id)) != before)
        #expect(!search.state.canSearchThisArea)
    }

    @Test("weights set on the screen are kept, sum to one, and order the next search")
    func weights() async throws {
        let harness = try Harness()
        let model = WeightsModel(environment: harness.environment)
        model.load()
        #expect(model.state.nameQuery == .nameQueryDefault)
        model.set(.distance, to: 0.5, for: .name)
        let name = model.state.nameQuery
        #expect(abs(WeightFactor.allCases.map { $0.value(in: name) }.reduce(0, +) - 1) < 1e-9)
        #expect(name.distance == 0.5)
        // The others keep their proportions: popularity : relevance stays 0.20 : 0.30.
        #expect(abs(name.popularity / name.queryRelevance - 0.2 / 0.3) < 1e-9)
        for kind in QueryKind.allCases { model.set(.distance, to: 1, for: kind) }

        let reopened = WeightsModel(environment: harness.environment)
        reopened.load()
        #expect(reopened.state.categoryQuery.distance == 1)
        #expect(reopened.state.nameQuery.popularity == 0)

        let search = SearchModel(environment: harness.environment)
        search.type("cafe")
        await search.submit()
        for section in search.state.sections {
            let distances = section.rows.map { Haversine.distance($0.place.coordinate, Helsinki.user) }
            #expect(distances == distances.sorted(), "distance alone orders \(section.kind)")
        }
        reopened.resetDefaults()
        #expect(reopened.state.nameQuery == .nameQueryDefault)
    }
}

/// A provider's photos for every place (what Google's `placePhotos` resolves to), over the
/// offline store's details, or a failure.
struct PhotographedDetails: PlaceDetailsService {
    let inner: any PlaceDetailsService
    let photos: [PlacePhoto]?

    func placeDetails(id: PlaceID) async throws -> Place? { try await inner.placeDetails(id: id) }

    func placePhotos(id: PlaceID, maxPhotos: Int) async throws -> [PlacePhoto] {
        guard let photos else { throw URLError(.notConnectedToInternet) }
        return Array(photos.prefix(maxPhotos))
    }
}

@MainActor
@Suite("And Away: a place's photos on its sheet", .enabled(if: Helsinki.isAvailable, Helsinki.skipReason))
struct PlacePhotoTests {
    static func sheet(photos: [PlacePhoto]?) async throws -> PlaceDetailModel {
        let base = try Harness()
        let google = PlaceSource(
            choice: .google, search: base.provider, details: PhotographedDetails(inner: base.provider, photos: photos),
            autocomplete: base.provider)
        let harness = try Harness(remote: [google])
        let search = SearchModel(environment: harness.environment)
        search.type("cafe")
        await search.submit()
        let place = try #require(search.state.rows.first?.place)
        let sheet = PlaceDetailModel(place: place, provider: .google, environment: harness.environment)
        await sheet.load()
        return sheet
    }

    @Test("the provider's photos are on the sheet, at most six, with their credits")
    func photos() async throws {
        let photos = (0..<8).map {
            PlacePhoto(reference: "places/p/photos/\($0)", attributions: ["Photographer \($0)"], url: "https://example.org/\($0).jpg")
        }
        let sheet = try await Self.sheet(photos: photos)
        #expect(sheet.state.photos == Array(photos.prefix(6)))
        #expect(sheet.state.error == nil)
    }

    @Test("photos that cannot be fetched leave none and say so; the details still show")
    func photosFail() async throws {
        let sheet = try await Self.sheet(photos: nil)
        #expect(sheet.state.photos.isEmpty)
        #expect(sheet.state.error?.hasPrefix(AndAwayCopy.failed(.photos, "")) == true, "\(sheet.state.error ?? "nil")")
        #expect(sheet.state.place?.name != nil)
    }
}
