import GeoKit
import LociLocalization
import ProximityKit
import Testing

@testable import ProximityFeature

/// Every `ProximityCopy` function, in English and Finnish, from the module's own catalog.
@Suite("Proximity's words in English and Finnish")
struct ProximityCopyTests {
    @Test("the module's catalog loads and has Finnish for every key")
    func catalogLoads() {
        let catalog = ProximityCopy.catalog
        #expect(catalog.loadFailure == nil, "\(catalog.loadFailure ?? "")")
        #expect(catalog.keys.contains("%1$@ of %2$@ visited"))
        #expect(CatalogAudit.problems(in: catalog).isEmpty, "\(CatalogAudit.problems(in: catalog))")
    }

    @Test("permission levels")
    func permission() {
        #expect(ProximityCopy.permission(.always, in: .english) == "Alerts arrive in the background, even after a restart.")
        #expect(ProximityCopy.permission(.always, in: .finnish) == "Hälytykset tulevat taustalla, myös uudelleenkäynnistyksen jälkeen.")
        #expect(ProximityCopy.permission(.denied, in: .english).hasSuffix("Allow location in Settings."))
        #expect(ProximityCopy.permission(.denied, in: .finnish) == "Ei hälytyksiä: Proximity ei näe, missä olet. Salli sijainti Asetuksissa.")
        #expect(ProximityCopy.permission(.whenInUse, in: .english).hasPrefix("Alerts only while Proximity is open"))
        #expect(ProximityCopy.permission(.whenInUse, in: .finnish).hasPrefix("Hälytykset vain, kun Proximity on auki"))
        #expect(ProximityCopy.permission(.notDetermined, in: .english) == "Proximity needs your location to tell you when a saved place is near.")
        #expect(ProximityCopy.permission(.notDetermined, in: .finnish).hasPrefix("Proximity tarvitsee sijaintisi"))
    }

    @Test("latency: distances through the formatter, decimal comma in Finnish")
    func latency() {
        #expect(
            ProximityCopy.latency(radius: 500, refreshRadius: 200, in: .english)
                == "With a 500 m radius you are told at best about 300 m before a place, and often a minute or two late.")
        #expect(
            ProximityCopy.latency(radius: 1_500, refreshRadius: 200, in: .finnish)
                == "Kun säde on 1,5 km, saat hälytyksen parhaimmillaan noin 1,3 km ennen paikkaa, ja usein minuutin tai kaksi myöhässä.")
        #expect(ProximityCopy.latency(radius: 150, refreshRadius: 200, in: .english).contains("about 0 m before"))
    }

    @Test("progress and watched places: numbers through the formatter")
    func counts() {
        #expect(ProximityCopy.progress(3, of: 12, in: .english) == "3 of 12 visited")
        #expect(ProximityCopy.progress(3, of: 12, in: .finnish) == "3/12 käyty")
        #expect(ProximityCopy.placeCount(1, in: .english) == "1 place")
        #expect(ProximityCopy.placeCount(12, in: .english) == "12 places")
        #expect(ProximityCopy.placeCount(1, in: .finnish) == "1 paikka")
        #expect(ProximityCopy.placeCount(12, in: .finnish) == "12 paikkaa")
        #expect(ProximityCopy.monitored(12, of: 1_200, in: .english) == "12 of 1,200 places watched now")
        #expect(ProximityCopy.monitored(12, of: 60, in: .finnish) == "12/60 paikkaa seurannassa nyt")
    }

    @Test("a dropped pin keeps the same coordinates (they are its id) in both languages")
    func droppedPin() throws {
        let point = try Coordinate(latitude: 60.17, longitude: 24.94)
        #expect(ProximityCopy.coordinates(point) == "60.17000, 24.94000")
        #expect(ProximityCopy.droppedPin(point, in: .english) == "Dropped pin 60.17000, 24.94000")
        #expect(ProximityCopy.droppedPin(point, in: .finnish) == "Pudotettu nasta 60.17000, 24.94000")
    }

    @Test("failures name what failed and the fix")
    func failures() {
        #expect(ProximityCopy.searchFailed("cafe", reason: "offline", in: .english) == "Search for “cafe” failed: offline")
        #expect(ProximityCopy.searchFailed("kahvila", reason: "offline", in: .finnish) == "Haku ”kahvila” epäonnistui: offline")
        #expect(ProximityCopy.markVisitedFailed("Regatta", reason: "disk full", in: .english) == "Could not mark Regatta visited: disk full")
        #expect(ProximityCopy.markVisitedFailed("Regatta", reason: "disk full", in: .finnish) == "Paikkaa Regatta ei voitu merkitä käydyksi: disk full")
        #expect(ProximityCopy.unknownPlace("osm:node/1", in: .english) == "Cannot open directions: “osm:node/1” is no longer a saved place.")
        #expect(ProximityCopy.unknownPlace("osm:node/1", in: .finnish) == "Reittiohjeita ei voi avata: ”osm:node/1” ei ole enää tallennettu paikka.")
        #expect(ProximityCopy.fileRefused("a.gpx", reason: "wpt[1].name: is missing", in: .english) == "a.gpx could not be read: wpt[1].name: is missing")
        #expect(ProximityCopy.fileRefused("a.gpx", reason: "x", in: .finnish) == "Tiedostoa a.gpx ei voitu lukea: x")
        #expect(ProximityCopy.permissionRequestFailed(in: .english).hasSuffix("Turn on Location Services in Settings, then try again."))
        #expect(ProximityCopy.permissionRequestFailed(in: .finnish).hasSuffix("Ota sijaintipalvelut käyttöön Asetuksissa ja yritä uudelleen."))
        #expect(ProximityCopy.alertsRequestFailed("busy", in: .english) == "Could not ask to show alerts: busy. Allow notifications for Proximity in Settings.")
        #expect(ProximityCopy.alertsRequestFailed("busy", in: .finnish) == "Hälytyslupaa ei voitu kysyä: busy. Salli Proximityn ilmoitukset Asetuksissa.")
        #expect(
            ProximityCopy.alertNotPosted("Regatta", reason: "denied", in: .english)
                == "The alert “Regatta” could not be shown: denied. Allow notifications for Proximity in Settings.")
        #expect(
            ProximityCopy.alertNotPosted("Regatta", reason: "denied", in: .finnish)
                == "Hälytystä ”Regatta” ei voitu näyttää: denied. Salli Proximityn ilmoitukset Asetuksissa.")
        #expect(
            ProximityCopy.exportNotWritten("Helsinki.gpx", reason: "disk full", in: .english)
                == "Helsinki.gpx could not be saved for sharing: disk full. Free some space on the phone, then try again.")
        #expect(
            ProximityCopy.exportNotWritten("Helsinki.gpx", reason: "disk full", in: .finnish)
                == "Tiedostoa Helsinki.gpx ei voitu tallentaa jaettavaksi: disk full. Vapauta tilaa puhelimesta ja yritä uudelleen.")
        #expect(ProximityCopy.regionRefused("limit", in: .english) == "A place could not be watched: limit")
        #expect(ProximityCopy.regionRefused("limit", in: .finnish) == "Paikkaa ei voitu ottaa seurantaan: limit")
    }

    @Test("Low Power Mode")
    func lowPower() {
        #expect(ProximityCopy.lowPower(in: .english).hasPrefix("Low Power Mode is on: Proximity checks where you are less often"))
        #expect(ProximityCopy.lowPower(in: .finnish).hasPrefix("Virransäästötila on päällä"))
    }

    /// The planner's notification for places at (bearing, metres) from a fix at Helsinki's centre.
    static func alert(_ spots: [(bearing: Double, distance: Double)]) throws -> (ProximityNotification, [SavedPlace]) {
        let here = try Coordinate(latitude: 60.1699, longitude: 24.9384)
        let places = try spots.enumerated().map { index, spot in
            SavedPlace(
                id: "p\(index)", tripID: "t", name: "Place \(index)",
                coordinate: try Spherical.destination(from: here, bearing: spot.bearing, distance: spot.distance))
        }
        let planner = ProximityPlanner(catalog: PlaceCatalog(places: places, trips: [Trip(id: "t", name: "Helsinki")]))
        let output = planner.step(PlannerState(), .fix(LocationFix(coordinate: here, accuracy: 5, time: 1_750_420_800)))
        return (try #require(output.notifications.first), places)
    }

    @Test("an alert: English as the planner says it, Finnish with the direction inflected")
    func alertOnePlace() throws {
        let (notification, places) = try Self.alert([(45, 350)])
        let lookup = { (id: String) in places.first { $0.id == id } }
        let english = ProximityCopy.alert(notification, places: lookup, groupLimit: 5, in: .english)
        #expect(english.title == "Place 0")
        #expect(english.lines == notification.lines, "the same words as the planner's")
        #expect(english.lines == ["Place 0 — 350 m northeast"])
        let finnish = ProximityCopy.alert(notification, places: lookup, groupLimit: 5, in: .finnish)
        #expect(finnish.lines == ["Place 0 — 350 m koilliseen"])
        #expect(finnish.id == notification.id && finnish.placeIDs == notification.placeIDs)
        let gone = ProximityCopy.alert(notification, places: { _ in nil }, groupLimit: 5, in: .finnish)
        #expect(gone == notification, "a removed place keeps the planner's words")
    }

    @Test("a grouped alert: the count, a line each up to the limit, then how many more")
    func alertGrouped() throws {
        let (notification, places) = try Self.alert([(0, 100), (90, 150), (180, 200), (270, 250), (135, 300), (315, 350), (225, 400)])
        let lookup = { (id: String) in places.first { $0.id == id } }
        let english = ProximityCopy.alert(notification, places: lookup, groupLimit: 5, in: .english)
        #expect(english.title == "7 places nearby" && english.title == notification.title)
        #expect(english.lines == notification.lines)
        #expect(english.lines.last == "and 2 more")
        let finnish = ProximityCopy.alert(notification, places: lookup, groupLimit: 5, in: .finnish)
        #expect(finnish.title == "7 paikkaa lähellä")
        #expect(finnish.lines.first == "Place 0 — 100 m pohjoiseen")
        #expect(finnish.lines[1] == "Place 1 — 150 m itään")
        #expect(finnish.lines.last == "ja 2 muuta")
    }

    @Test("the alert's buttons: the kit's ids, titles in the language")
    func placeCategory() {
        #expect(ProximityCopy.placeCategory(in: .english) == NotificationCategory.place)
        let finnish = ProximityCopy.placeCategory(in: .finnish)
        #expect(finnish.id == NotificationCategory.placeID)
        #expect(finnish.actions.map(\.id) == NotificationCategory.place.actions.map(\.id))
        #expect(finnish.actions.map(\.title) == ["Reittiohjeet", "Torkuta tunniksi"])
    }

    @Test("a refused field as a sentence in both languages; an unknown one keeps its description")
    func fieldErrors() {
        let empty = ProximityFieldError(field: "name", "must not be empty")
        #expect(ProximityCopy.fieldError(empty, in: .english) == "Give it a name.")
        #expect(ProximityCopy.fieldError(empty, in: .finnish) == "Anna sille nimi.")
        let radius = ProximityFieldError(field: "alert_radius_m", "must be between 50 and 50000 metres, not 10.0")
        #expect(ProximityCopy.fieldError(radius, in: .english) == "The alert radius must be between 50 m and 50 km.")
        #expect(ProximityCopy.fieldError(radius, in: .finnish) == "Hälytyssäteen on oltava 50 m–50 km.")
        let backwards = ProximityFieldError(field: "end_date", "2026-06-01 is before start_date 2026-06-10")
        #expect(ProximityCopy.fieldError(backwards, in: .finnish) == "Matka päättyy ennen kuin se alkaa.")
        let note = ProximityFieldError(field: "note", "is longer than 2000 characters")
        #expect(ProximityCopy.fieldError(note, in: .english) == "The note is longer than 2,000 characters.")
        #expect(ProximityCopy.fieldError(note, in: .finnish) == "Muistiinpano on yli 2\u{00A0}000 merkkiä pitkä.")
        let other = ProximityFieldError(field: "id", "must be 1–200 characters")
        #expect(ProximityCopy.fieldError(other, in: .finnish) == "id: must be 1–200 characters")
    }
}
