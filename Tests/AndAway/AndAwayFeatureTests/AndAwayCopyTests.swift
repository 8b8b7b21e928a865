import AndAwayFeature
import Foundation
import LibraryKit
import LibrarySync
import LociLocalization
import RoutingKit
import Testing

/// And Away's words in English and Finnish, from the module's own catalog.
@Suite("And Away's copy in English and Finnish")
struct AndAwayCopyTests {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    @Test("the module's catalog loads, and is complete in both languages")
    func catalogLoads() {
        #expect(AndAwayCopy.catalog.loadFailure == nil, "\(AndAwayCopy.catalog.loadFailure ?? "")")
        #expect(AndAwayCopy.catalog.keys.count > 40)
        #expect(CatalogAudit.problems(in: AndAwayCopy.catalog).isEmpty)
    }

    @Test("a provider's fallback note names the provider and the reason")
    func fellBack() {
        let error = Failure(description: "quota exceeded")
        #expect(
            AndAwayCopy.fellBack(from: .google, because: error, in: .english)
                == "Google did not answer (quota exceeded); showing offline results.")
        #expect(
            AndAwayCopy.fellBack(from: .appleMaps, because: error, in: .finnish)
                == "Apple Kartat ei vastannut (quota exceeded); näytetään offline-tulokset.")
    }

    @Test("distances round to ten metres below a kilometre, then a decimal kilometre in the language's style")
    func distance() {
        #expect(AndAwayCopy.distance(347, in: .english) == "350 m")
        #expect(AndAwayCopy.distance(347, in: .finnish) == "350 m")
        #expect(AndAwayCopy.distance(2_430, in: .english) == "2.4 km")
        #expect(AndAwayCopy.distance(2_430, in: .finnish) == "2,4 km")
    }

    @Test("durations are whole minutes, at least one, then hours and minutes")
    func duration() {
        #expect(AndAwayCopy.duration(20, in: .english) == "1 min")
        #expect(AndAwayCopy.duration(12 * 60, in: .finnish) == "12 min")
        #expect(AndAwayCopy.duration(65 * 60, in: .english) == "1 h 5 min")
        #expect(AndAwayCopy.duration(65 * 60, in: .finnish) == "1 h 5 min")
        #expect(AndAwayCopy.routeSummary(metres: 1_200, seconds: 15 * 60, in: .finnish) == "1,2 km · 15 min")
        #expect(AndAwayCopy.routeSummary(metres: 1_200, seconds: 15 * 60, in: .english) == "1.2 km · 15 min")
    }

    @Test("modes, providers, sections and weights have names in both languages")
    func names() {
        #expect(TravelMode.allCases.map { AndAwayCopy.mode($0, in: .english) } == ["Walk", "Cycle", "Drive"])
        #expect(TravelMode.allCases.map { AndAwayCopy.mode($0, in: .finnish) } == ["Kävellen", "Pyörällä", "Autolla"])
        #expect(ProviderChoice.local.displayName(in: .english) == "Offline (OpenStreetMap)")
        #expect(ProviderChoice.appleMaps.displayName(in: .finnish) == "Apple Kartat")
        #expect(ResultSectionKind.allCases.map { $0.title(in: .english) } == ["Saved", "Open now", "Nearby", "More"])
        #expect(ResultSectionKind.allCases.map { $0.title(in: .finnish) } == ["Tallennetut", "Nyt auki", "Lähellä", "Lisää"])
        #expect(WeightFactor.queryRelevance.title(in: .english) == "Matches what I typed")
        #expect(WeightFactor.queryRelevance.title(in: .finnish) == "Vastaa kirjoittamaani")
        // Every factor and step has its own Finnish words (none falls back to English).
        for factor in WeightFactor.allCases {
            #expect(factor.title(in: .finnish) != factor.title(in: .english))
        }
        for step in AndAwayCopy.Step.allCases {
            #expect(AndAwayCopy.failed(step, "x", in: .finnish) != AndAwayCopy.failed(step, "x", in: .english), "\(step)")
        }
    }

    @Test("routes, imports, unknown suggestions and positions are said in both languages")
    func sentences() {
        #expect(AndAwayCopy.noPosition(in: .english) == "Your position is not known, so no route can start from it.")
        #expect(AndAwayCopy.noPosition(in: .finnish) == "Sijaintiasi ei tiedetä, joten reittiä ei voi aloittaa siitä.")
        #expect(AndAwayCopy.noRoute(.bicycle, detail: "no path", in: .english) == "No route (Cycle): no path")
        #expect(AndAwayCopy.noRoute(.bicycle, detail: "no path", in: .finnish) == "Ei reittiä (Pyörällä): no path")
        #expect(AndAwayCopy.imported(added: 1_204, updated: 3, in: .english) == "Imported 1,204 new, 3 updated")
        #expect(AndAwayCopy.imported(added: 12, updated: 3, in: .finnish) == "Tuotiin 12 uutta, 3 päivitettiin")
        #expect(AndAwayCopy.noLongerKnown("Ateneum", by: .google, in: .english) == "Google no longer knows “Ateneum”.")
        #expect(AndAwayCopy.noLongerKnown("Ateneum", by: .google, in: .finnish) == "Google ei enää tunne paikkaa ”Ateneum”.")
    }

    @Test("a failure says which step failed and keeps the error's own words")
    func failures() {
        #expect(AndAwayCopy.failed(.save, "disk I/O error", in: .english) == "The place could not be saved: disk I/O error")
        #expect(AndAwayCopy.failed(.save, "disk I/O error", in: .finnish) == "Paikkaa ei voitu tallentaa: disk I/O error")
        #expect(AndAwayCopy.failed(.import, "a.txt", in: .english) == "Import failed: a.txt")
        #expect(AndAwayCopy.failed(.import, "a.txt", in: .finnish) == "Tuonti epäonnistui: a.txt")
    }

    @Test("sync: the last sync and what failed, in both languages")
    func sync() {
        let utc = TimeZone(identifier: "UTC") ?? .current
        let date = Date(timeIntervalSince1970: 1_795_945_260)  // 29 November 2026, 09:41 UTC
        let fi = Localizer(AndAwayCopy.catalog, .finnish)
        #expect(AndAwayCopy.lastSynced(nil, in: .english) == "Not synced with iCloud yet.")
        #expect(AndAwayCopy.lastSynced(nil, in: .finnish) == "Ei vielä synkronoitu iCloudiin.")
        let finnish = AndAwayCopy.lastSynced(date, timeZone: utc, in: .finnish)
        #expect(finnish == "Synkronoitu viimeksi \(fi.date(date, timeZone: utc)) klo \(fi.time(date, timeZone: utc))")
        #expect(finnish.contains("29.11.2026"))
        #expect(AndAwayCopy.lastSynced(date, timeZone: utc, in: .english).hasPrefix("Last synced 11/29/2026 "))

        let sending = SyncProblem(.transport(operation: "send", message: "quota exceeded"), at: date)
        #expect(sending.kind == .sending)
        #expect(AndAwayCopy.syncProblem(sending, in: .english) == "Your changes could not be sent to iCloud: quota exceeded")
        #expect(AndAwayCopy.syncProblem(sending, in: .finnish) == "Muutoksiasi ei voitu lähettää iCloudiin: quota exceeded")
        let offline = SyncProblem(.offline(replica: "phone"), at: date)
        #expect(offline.kind == .offline)
        #expect(AndAwayCopy.syncProblem(offline, in: .finnish).hasPrefix("iCloudiin ei saatu yhteyttä."))
        #expect(SyncProblem(.transport(operation: "save state", message: "full"), at: date).kind == .savingState)
        #expect(SyncProblem(.transport(operation: "load state", message: "unreadable"), at: date).kind == .savingState)
        #expect(SyncProblem(.transport(operation: "decode", message: "v2"), at: date).kind == .receiving)
        #expect(SyncProblem(.library(LibraryError("damaged")), at: date).kind == .library)
    }

    @Test("location: nothing to say when allowed; denied points to Settings; a failure keeps its words")
    func location() {
        #expect(AndAwayCopy.locationProblem(.allowed, in: .english) == nil)
        #expect(AndAwayCopy.locationProblem(.denied, in: .english)?.hasSuffix("Allow it in Settings.") == true)
        #expect(AndAwayCopy.locationProblem(.denied, in: .finnish)?.hasSuffix("Salli sijainti Asetuksissa.") == true)
        #expect(AndAwayCopy.locationProblem(.restricted, in: .finnish)?.contains("Ruutuaika") == true)
        #expect(AndAwayCopy.locationProblem(.failed("kCLErrorDomain 1"), in: .english) == "Your position could not be read: kCLErrorDomain 1")
        #expect(AndAwayCopy.locationProblem(.failed("kCLErrorDomain 1"), in: .finnish) == "Sijaintiasi ei voitu lukea: kCLErrorDomain 1")
    }
}
