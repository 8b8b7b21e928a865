import Foundation
import LociLocalization
import Testing
import WrappedFeature
import WrappedKit

/// Spaces as written in a test: the formatters' no-break spaces ("4 210", "40 %") as plain ones.
func plain(_ text: String) -> String {
    text.replacingOccurrences(of: "\u{00A0}", with: " ").replacingOccurrences(of: "\u{202F}", with: " ")
}

func plain(_ lines: [String]) -> [String] { lines.map(plain) }

@Suite("Photo Wrapped's screen words in English and Finnish")
struct WrappedCopyTests {
    @Test("the module's catalog loads from its resources and is complete in both languages")
    func catalogLoads() {
        let catalog = WrappedCopy.catalog
        #expect(catalog.loadFailure == nil)
        #expect(catalog.keys.count > 100)
        #expect(CatalogAudit.problems(in: catalog) == [])
    }

    @Test("the access screen, notices and range choices")
    func accessAndRange() {
        #expect(WrappedCopy.accessTitle(in: .english) == "Make your Photo Wrapped")
        #expect(WrappedCopy.accessTitle(in: .finnish) == "Tee oma Photo Wrapped")
        #expect(
            WrappedCopy.accessMessage(in: .english)
                == "We analyze photo metadata to create your recap. Your photos stay on-device.")
        #expect(
            WrappedCopy.accessMessage(in: .finnish)
                == "Koosteesi tehdään kuvien metatiedoista. Kuvasi pysyvät laitteellasi.")
        #expect(WrappedCopy.deniedMessage(in: .english).hasPrefix("Photo Wrapped needs access to your photos"))
        #expect(WrappedCopy.deniedMessage(in: .finnish).hasPrefix("Photo Wrapped tarvitsee pääsyn kuviisi"))
        #expect(WrappedCopy.restrictedMessage(in: .english).hasPrefix("Photo access is restricted on this device"))
        #expect(WrappedCopy.restrictedMessage(in: .finnish).hasPrefix("Pääsy kuviin on rajoitettu"))
        #expect(
            WrappedCopy.limitedNotice(in: .english)
                == "Based on the photos you selected only. Manage Photo Access to include more.")
        #expect(
            WrappedCopy.limitedNotice(in: .finnish)
                == "Perustuu vain valitsemiisi kuviin. Lisää kuvia kohdasta Hallitse kuvien käyttöä.")
        #expect(WrappedCopy.sampleNotice(in: .english) == "A sample Wrapped: not your photos.")
        #expect(WrappedCopy.sampleNotice(in: .finnish) == "Esimerkkikooste: ei sinun kuviasi.")
        #expect(RangeChoice.allCases.map { $0.title(in: .english) } == ["This year", "Last year", "Last 30 days", "Custom"])
        #expect(RangeChoice.allCases.map { $0.title(in: .finnish) } == ["Tämä vuosi", "Viime vuosi", "30 päivää", "Oma väli"])
        #expect(WrappedCopy.firstDayAfterLast(in: .english) == "The first day is after the last.")
        #expect(WrappedCopy.firstDayAfterLast(in: .finnish) == "Ensimmäinen päivä on viimeisen jälkeen.")
        #expect(WrappedCopy.rangeStartsAfterToday(in: .english) == "The range starts after today.")
        #expect(WrappedCopy.rangeStartsAfterToday(in: .finnish) == "Aikaväli alkaa tämän päivän jälkeen.")
    }

    @Test("ranges and visits are dates in each language's own form")
    func dates() {
        let days = LocalDate(iso: "2026-01-01")!...LocalDate(iso: "2026-11-25")!
        #expect(WrappedCopy.range(days, in: .english) == "1 January 2026 – 25 November 2026")
        #expect(WrappedCopy.range(days, in: .finnish) == "1. tammikuuta 2026 – 25. marraskuuta 2026")
        let day = LocalDate(iso: "2025-06-14")!
        #expect(WrappedCopy.range(day...day, in: .english) == "14 June 2025")
        #expect(WrappedCopy.range(day...day, in: .finnish) == "14. kesäkuuta 2025")
        #expect(WrappedCopy.firstVisit(day, in: .english) == "First visit 14 June 2025")
        #expect(WrappedCopy.firstVisit(day, in: .finnish) == "Ensimmäinen käynti 14. kesäkuuta 2025")
        #expect(WrappedCopy.lastVisit(day, in: .english) == "Last visit 14 June 2025")
        #expect(WrappedCopy.lastVisit(day, in: .finnish) == "Viimeinen käynti 14. kesäkuuta 2025")
        #expect(
            WrappedCopy.emptyDeck(from: day, to: day, in: .english)
                == "No photos between 14 June 2025 and 14 June 2025. Try a different range.")
        #expect(
            WrappedCopy.emptyDeck(from: day, to: day, in: .finnish)
                == "Ei kuvia väliltä 14. kesäkuuta 2025 – 14. kesäkuuta 2025. Kokeile toista aikaväliä.")
    }

    @Test("counts are plural forms with grouped numbers")
    func counts() {
        #expect(WrappedCopy.photos(1, in: .english) == "1 photo")
        #expect(WrappedCopy.photos(4_210, in: .english) == "4,210 photos")
        #expect(WrappedCopy.photos(1, in: .finnish) == "1 kuva")
        #expect(plain(WrappedCopy.photos(4_210, in: .finnish)) == "4 210 kuvaa")
        #expect(WrappedCopy.days(1, in: .english) == "1 day")
        #expect(WrappedCopy.days(40, in: .finnish) == "40 päivää")
        #expect(WrappedCopy.places(37, in: .english) == "37 places")
        #expect(WrappedCopy.places(1, in: .finnish) == "1 paikka")
        #expect(WrappedCopy.placesNamed(10, in: .english) == "10 places named")
        #expect(WrappedCopy.placesNamed(10, in: .finnish) == "10 paikkaa nimetty")
        #expect(WrappedCopy.placeCounts(photos: 212, days: 1, in: .english) == "212 photos · 1 day")
        #expect(WrappedCopy.placeCounts(photos: 212, days: 40, in: .finnish) == "212 kuvaa · 40 päivää")
        #expect(
            WrappedCopy.shareChoice(number: 3, headline: "Kallio, Helsinki", in: .english) == "3. Kallio, Helsinki")
        #expect(
            WrappedCopy.shareChoice(number: 3, headline: "Kallio, Helsinki", in: .finnish) == "3. Kallio, Helsinki")
    }

    @Test("processing: stages, photos in range, coverage and the notes")
    func processing() {
        #expect(
            ProcessingProgress.Stage.allCases.map { $0.title(in: .english) }
                == ["Counting your photos", "Finding your places", "Naming your places"])
        #expect(
            ProcessingProgress.Stage.allCases.map { $0.title(in: .finnish) }
                == ["Lasketaan kuviasi", "Etsitään paikkojasi", "Nimetään paikkojasi"])
        #expect(WrappedCopy.photosInRange(4_210, in: .english) == "4,210 photos in range")
        #expect(plain(WrappedCopy.photosInRange(4_210, in: .finnish)) == "4 210 kuvaa aikavälillä")
        #expect(WrappedCopy.coverage(percent: 37, in: .english) == "37% include location data")
        #expect(plain(WrappedCopy.coverage(percent: 37, in: .finnish)) == "37 % sisältää sijaintitiedon")
        #expect(WrappedCopy.lowCoverage(in: .english).hasPrefix("Few of these photos have a location"))
        #expect(WrappedCopy.lowCoverage(in: .finnish).hasPrefix("Harvassa näistä kuvista on sijainti"))
        #expect(WrappedCopy.labelsUnavailable(in: .english) == "Place names are not available; places are shown by their area.")
        #expect(WrappedCopy.labelsUnavailable(in: .finnish).hasPrefix("Paikkojen nimiä ei ole saatavilla"))
    }

    @Test("failures say what failed, keep the reason, and (storage) what to do")
    func failures() {
        #expect(WrappedCopy.cancelled(in: .english) == "Cancelled. Nothing was saved.")
        #expect(WrappedCopy.cancelled(in: .finnish) == "Peruttu. Mitään ei tallennettu.")
        #expect(WrappedCopy.runFailed("disk full", in: .english) == "Your Wrapped could not be made: disk full")
        #expect(WrappedCopy.runFailed("disk full", in: .finnish) == "Koostetta ei voitu tehdä: disk full")
        #expect(WrappedCopy.hidingFailed("locked", in: .english) == "Hidden places could not be changed: locked")
        #expect(WrappedCopy.hidingFailed("locked", in: .finnish) == "Piilotettuja paikkoja ei voitu muuttaa: locked")
        #expect(WrappedCopy.regenerationFailed("x", in: .english) == "Your Wrapped could not be made again: x")
        #expect(WrappedCopy.regenerationFailed("x", in: .finnish) == "Koostetta ei voitu tehdä uudelleen: x")
        #expect(WrappedCopy.settingsFailed("x", in: .english) == "Your range and filters could not be saved: x")
        #expect(WrappedCopy.settingsFailed("x", in: .finnish) == "Aikaväliä ja suodattimia ei voitu tallentaa: x")
        #expect(
            WrappedCopy.settingsUnreadable("x", in: .english)
                == "Your saved range and filters could not be read, so the defaults are used: x")
        #expect(WrappedCopy.settingsUnreadable("x", in: .finnish).hasPrefix("Tallennettua aikaväliä ja suodattimia ei voitu lukea"))
        #expect(WrappedCopy.storageUnavailable("x", in: .english).hasSuffix("until the app closes: x"))
        #expect(WrappedCopy.storageUnavailable("x", in: .finnish).hasSuffix("kunnes sovellus suljetaan: x"))
        #expect(WrappedCopy.storageFix(in: .english) == "Free up space on your iPhone, then tap Try again.")
        #expect(WrappedCopy.storageFix(in: .finnish) == "Vapauta tilaa iPhonesta ja napauta sitten Yritä uudelleen.")
        #expect(
            WrappedCopy.accessChanged(in: .english)
                == "Photo access changed: generate again to include what you can see now.")
        #expect(WrappedCopy.accessChanged(in: .finnish).hasPrefix("Pääsy kuviin muuttui"))
    }
}
