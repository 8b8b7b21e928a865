import Foundation
import LociLocalization
import Testing
import TidepoolClient
import TidepoolFeature
import TidepoolKit

@Suite("Tidepool's words in English and Finnish")
struct TidepoolCopyTests {
    /// A privacy answer with the given numbers (no levels: a count-only server).
    static func privacy(epochSeconds: Int = 900, dayEpsilon: Double = 1.9, kMin: Int = 5) -> TidepoolPrivacy {
        TidepoolPrivacy(
            kMin: kMin, epochSeconds: epochSeconds, ttlSeconds: 86_400, levels: [], epochEpsilon: 0.25,
            epochDelta: 1e-7, dayEpsilon: dayEpsilon, dayDelta: 1e-5, accounting: "test", unit: "device",
            currentEpoch: 1, liveReleases: [])
    }

    static func tile(intensity: Double, count: Int, similarity: Double) -> MapHeatTile {
        MapHeatTile(
            TidepoolHeatTile(
                tileId: "t", level: 0, intensity: intensity, noisyCount: count, similarity: similarity,
                bounds: [60, 24, 60.01, 24.01]))
    }

    @Test("the catalog loads and every key the copy uses is in it, with Finnish")
    func catalogLoads() {
        #expect(TidepoolCopy.catalog.loadFailure == nil)
        #expect(CatalogAudit.problems(in: TidepoolCopy.catalog).isEmpty, "\(CatalogAudit.problems(in: TidepoolCopy.catalog))")
        #expect(TidepoolCopy.catalog.keys.count > 50)
    }

    @Test("the reporting chip, in both languages")
    func summary() {
        #expect(TidepoolCopy.summary(.on, in: .english) == "Sharing presence anonymously")
        #expect(TidepoolCopy.summary(.on, in: .finnish) == "Läsnäoloa jaetaan nimettömästi")
        #expect(TidepoolCopy.summary(.off(.noHome), in: .english) == "Off: set Home first")
        #expect(TidepoolCopy.summary(.off(.noHome), in: .finnish) == "Pois: aseta ensin koti")
        #expect(TidepoolCopy.summary(.pausedAtHome, in: .finnish) == "Tauolla kodin lähellä")
        #expect(TidepoolCopy.summary(.doneForToday, in: .english) == "Done for now: the day's reports are used")
        let nine = Date(timeIntervalSince1970: 9 * 3_600 + 41 * 60)
        #expect(TidepoolCopy.lastShared(at: nine, in: .finnish).hasPrefix("Viimeksi jaettu klo"))
        #expect(TidepoolCopy.lastShared(at: nine, in: .english).hasPrefix("Last shared at"))
        #expect(
            TidepoolCopy.tokenProblem(.refused, detail: "day_spent", in: .english)
                == "The server refused the day's tokens: day_spent")
        #expect(
            TidepoolCopy.tokenProblem(.refused, detail: "day_spent", in: .finnish)
                == "Palvelin kieltäytyi päivän tunnisteista: day_spent")
    }

    @Test("permission and location problems, in both languages")
    func permission() {
        #expect(TidepoolCopy.permission(.always, in: .english) == "Location: always")
        #expect(TidepoolCopy.permission(.always, in: .finnish) == "Sijainti: aina")
        #expect(TidepoolCopy.permission(.denied, in: .finnish) == "Sijainti: ei sallittu")
        #expect(TidepoolCopy.locationProblem(.denied, in: .english).contains("Allow it in Settings"))
        #expect(TidepoolCopy.locationProblem(.denied, in: .finnish).contains("Salli se Asetuksissa"))
        #expect(
            TidepoolCopy.locationProblem(.unavailable("kCLErrorDomain 1"), in: .finnish)
                == "Sijainti lakkasi toimimasta: kCLErrorDomain 1. Jakaminen jatkuu seuraavasta sijainnista.")
    }

    @Test("heat is said in words: its level, how many, how alike")
    func heatWords() {
        let busy = Self.tile(intensity: 0.9, count: 1_200, similarity: 0.7)
        #expect(TidepoolCopy.tile(busy, in: .english) == "very busy, about 1,200 people, very like you")
        #expect(
            TidepoolCopy.tile(busy, in: .finnish).replacingOccurrences(of: "\u{a0}", with: " ")
                == "hyvin vilkas, noin 1 200 ihmistä, hyvin samankaltaisia kuin sinä")
        #expect(TidepoolCopy.heatLevel(0.1, in: .english) == "a few people")
        #expect(TidepoolCopy.heatLevel(0.3, in: .finnish) == "jonkin verran ihmisiä")
        #expect(TidepoolCopy.likeness(.somewhatLikeYou, in: .english) == "somewhat like you")
        #expect(TidepoolCopy.likeness(.notMuchLikeYou, in: .finnish) == "vain vähän samankaltaisia kuin sinä")
        let quiet = Self.tile(intensity: 0.1, count: 6, similarity: 0)
        #expect(
            TidepoolCopy.heatSummary([quiet, busy], in: .english)
                == "2 places with heat in view; the busiest: very busy, about 1,200 people, very like you")
        #expect(TidepoolCopy.heatSummary([], in: .finnish) == "Näkymässä ei ole lämpöä")
    }

    @Test("the legend, in both languages, with the server's numbers formatted for each")
    func legend() {
        let heat = TidepoolHeat(
            tiles: [
                TidepoolHeatTile(
                    tileId: "a", level: 0, intensity: 0.2, noisyCount: 7, similarity: 0, bounds: [60, 24, 60.01, 24.01]),
                TidepoolHeatTile(
                    tileId: "b", level: 0, intensity: 0.9, noisyCount: 31, similarity: 0, bounds: [60, 24, 60.01, 24.01]),
            ],
            meta: Self.privacy(dayEpsilon: 1.9))
        let english = HeatLegend(heat: heat, personalised: false, language: .english)
        let finnish = HeatLegend(heat: heat, personalised: false, palette: .highContrast, language: .finnish)
        #expect(
            english.entries[0].text
                == "Colour is how many people were there in 15 minutes: teal for a few, amber, red for many. In view: about 7 to 31 people a place.")
        #expect(finnish.entries[0].text.hasPrefix("Tummempi, peittävämpi"))
        #expect(finnish.entries[0].text.hasSuffix("Näkymässä: noin 7–31 ihmistä paikassa."))
        #expect(english.entries[1].text == "This server shows counts only, not how alike people are to you.")
        #expect(english.entries[2].text.contains("reaches 5:"))
        #expect(finnish.entries[2].text.contains("vähintään 5:"))
        #expect(english.entries[3].text.contains("(ε = 1.9 a day); each picture stays up to 24 hours."))
        #expect(finnish.entries[3].text.contains("(ε = 1,9 päivässä); kukin kuva on näkyvissä enintään 24 tuntia."))
    }

    @Test("the privacy explainer, in both languages: durations in the case each sentence needs")
    func explainer() {
        let explainer = PrivacyExplainer(Self.privacy(epochSeconds: 900))
        #expect(
            explainer.shares(in: .english)[0]
                == "At most one anonymous report every 15 minutes: the map square you are in, nothing finer.")
        #expect(
            explainer.shares(in: .finnish)[0]
                == "Enintään yksi nimetön raportti 15 minuutin välein: karttaruutu, jossa olet, ei mitään tarkempaa.")
        #expect(explainer.neverShares(in: .finnish)[0] == "Tarkkaa sijaintiasi tai reittiäsi: vain ruutu, kerran 15 minuutin aikana.")
        #expect(explainer.guarantee(in: .english).contains("at most ε = 0.25 (and only with probability 1 in 10,000,000 by more)"))
        #expect(explainer.guarantee(in: .finnish).contains("enintään ε = 0,25"))
        #expect(explainer.guarantee(in: .finnish).hasPrefix("Jokainen 15 minuutin kartta"))
        #expect(PrivacyExplainer.duration(3_600, in: .english) == "1 hour")
        #expect(PrivacyExplainer.duration(3_600, in: .finnish) == "1 tunti")
        #expect(PrivacyExplainer.duration(90, in: .finnish) == "90 sekuntia")
        #expect(PrivacyExplainer.duration(900, in: .finnish) == "15 minuuttia")
        #expect(PrivacyExplainer.number(1.9, in: .finnish) == "1,9")
        #expect(PrivacyExplainer.number(2, in: .english) == "2")
        #expect(PrivacyExplainer.number(190.4, in: .english) == "190")
        #expect(PrivacyExplainer.chance(1e-5, in: .english) == "1 in 100,000")
        #expect(PrivacyExplainer.chance(1e-5, in: .finnish).replacingOccurrences(of: "\u{a0}", with: " ") == "1/100 000")
    }

    @Test("the map's messages, in both languages")
    func mapMessages() {
        #expect(TidepoolCopy.emptyTitle(in: .finnish) == "Täällä ei ole vielä lämpöä")
        #expect(
            TidepoolCopy.emptyMessage(minutes: 15, suggesting: true, in: .english)
                == "Heat shows once enough people have been in a place during a 15-minute window. Places you might like nearby:")
        #expect(
            TidepoolCopy.emptyMessage(minutes: 15, suggesting: false, in: .finnish)
                == "Lämpö näkyy, kun paikassa on ollut tarpeeksi ihmisiä 15 minuutin jakson aikana. Loitonna karttaa tai palaa myöhemmin.")
        #expect(TidepoolCopy.zoomIn(in: .english) == "Zoom in to see heat.")
        #expect(TidepoolCopy.zoomIn(in: .finnish) == "Lähennä karttaa nähdäksesi lämmön.")
        #expect(TidepoolCopy.noPlace(within: 1_500, in: .english) == "No place within 1.5 km of the tap.")
        #expect(TidepoolCopy.noPlace(within: 1_500, in: .finnish) == "Napautuksen lähellä (1,5 km) ei ole paikkaa.")
        #expect(TidepoolCopy.notPersonalised(nil, in: .english) == "Not personalised: the server gave no reason")
        #expect(TidepoolCopy.notPersonalised(nil, in: .finnish) == "Ei henkilökohtaistettu: palvelin ei kertonut syytä")
        #expect(TidepoolCopy.badRating(7, in: .finnish) == "Arvio on 1–5 tähteä, ei 7.")
        #expect(TidepoolCopy.stars(1, in: .english) == "1 star")
        #expect(TidepoolCopy.stars(3, in: .english) == "3 stars")
        #expect(TidepoolCopy.stars(1, in: .finnish) == "1 tähti")
        #expect(TidepoolCopy.stars(4, in: .finnish) == "4 tähteä")
    }

    @Test("the profile's messages, in both languages")
    func profileMessages() {
        #expect(TidepoolCopy.noteTooLong(limit: 500, length: 612, in: .english) == "A note is at most 500 characters, not 612.")
        #expect(TidepoolCopy.noteTooLong(limit: 500, length: 612, in: .finnish) == "Muistiinpanossa on enintään 500 merkkiä, ei 612.")
        #expect(TidepoolCopy.noteWaiting("Kappeli", in: .finnish).hasPrefix("Kappeli odottaa lähettämistä"))
        #expect(TidepoolCopy.noteLength(12, of: 500, in: .english) == "12 of 500")
        #expect(TidepoolCopy.noteLength(12, of: 500, in: .finnish) == "12/500")
        #expect(
            TidepoolCopy.noKnownPlaces(2, in: .english)
                == "None of your 2 photographed places is a kind of place Tidepool knows.")
        #expect(TidepoolCopy.noKnownPlaces(2, in: .finnish).hasPrefix("Yksikään 2 kuvaamastasi paikasta"))
        #expect(TidepoolCopy.placeLookupFailed("offline", in: .finnish).contains("(offline)"))
        #expect(TidepoolCopy.signInCancelled(in: .finnish) == "Kirjautuminen peruttiin")
        #expect(TidepoolCopy.signInFailed("x", in: .english) == "Sign-in failed: x")
    }

    @Test("a failure becomes words and the fix a person can press")
    func problems() {
        let offline = TidepoolSessionError.client(.transport(operation: "privacy", message: "offline"))
        #expect(TidepoolCopy.problem(offline, in: .english).fix == .retry)
        #expect(TidepoolCopy.problem(offline, in: .finnish).message.hasPrefix("Tidepool ei saa yhteyttä"))
        let settings = TidepoolSessionError.settings(TidepoolSettingsError(location: "/x", reason: "disk full"))
        #expect(TidepoolCopy.problem(settings, in: .english).fix == .freeSpace)
        #expect(TidepoolCopy.problem(settings, in: .english).message.contains("(disk full)"))
        let refused = TidepoolSessionError.client(.conflict(message: "exists"))
        #expect(TidepoolCopy.problem(refused, in: .english).fix == .none)
        #expect(TidepoolCopy.problem(.attestation(AttestationFailure("unsupported")), in: .finnish).message.contains("aito iPhone"))
        #expect(TidepoolCopy.launchProblem(.interests("damaged"), in: .english).fix == .reinstall)
        #expect(TidepoolCopy.launchProblem(.storage("full"), in: .finnish).message.contains("Vapauta tilaa"))
        #expect(TidepoolCopy.fix(.retry, in: .english) == "Try again")
        #expect(TidepoolCopy.fix(.retry, in: .finnish) == "Yritä uudelleen")
        #expect(TidepoolCopy.fix(.freeSpace, in: .finnish) == "Yritä uudelleen")
        #expect(TidepoolCopy.fix(.openSettings, in: .finnish) == "Avaa Asetukset")
        #expect(TidepoolCopy.fix(.none, in: .english) == nil)
    }

    @Test("Interest categories and a place's kind read in Finnish; an unknown kind keeps the server's words")
    func categories() {
        #expect(TidepoolCopy.interestCategory("music", in: .finnish) == "Musiikki")
        #expect(TidepoolCopy.interestCategory("music", in: .english) == "Music")
        #expect(TidepoolCopy.interestCategory("astrology", in: .finnish) == "astrology")
        func place(_ category: String, _ name: String?) -> TidepoolPlace {
            TidepoolPlace(
                id: "osm:node/1", name: name, category: category, lat: 60.17, lon: 24.94, categoryName: "Café",
                symbol: "cup.and.saucer.fill", color: "#8B5A2B", alternativeNames: [], importance: 0.5,
                tags: .init(additionalProperties: [:]))
        }
        let unnamed = PlaceDetail(place("cafe", nil), in: .finnish)
        #expect(unnamed.categoryName == "Kahvila")
        #expect(unnamed.title == "Kahvila")
        #expect(PlaceDetail(place("cafe", "Regatta"), in: .english).categoryName == "Café")
        #expect(PlaceDetail(place("amenity.foo", nil), in: .finnish).categoryName == "Foo")
        #expect(PlaceDetail(place("nonsense", nil), in: .finnish).categoryName == "Café")
    }
}
