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
}
