import Foundation
import GeoKit
import LociLocalization
import Testing
import WrappedCardFixtures
import WrappedFeature
import WrappedKit

/// The words on the cards (what `CardLayout` draws in the pager and the share image), written
/// again from each card's numbers in English and Finnish.
@MainActor
@Suite("Photo Wrapped's card words in English and Finnish")
struct WrappedCardCopyTests {
    static func place(
        _ id: String, _ label: String?, photos: Int, days: Int, first: String = "2025-02-03"
    ) -> PlaceCluster {
        PlaceCluster(
            id: id, centroid: Coordinate(uncheckedLatitude: 60.1841, longitude: 24.9503), radius: 100,
            photoCount: photos, distinctDays: days, firstDay: LocalDate(iso: first)!,
            lastDay: LocalDate(iso: "2025-12-20")!, assetIDs: [], representativeIDs: [],
            label: label.map { PlaceLabel(text: $0, confidence: .high) }, isHidden: false)
    }

    let places = [
        place("a", "Kallio, Helsinki", photos: 212, days: 40),
        place("b", nil, photos: 30, days: 2),
        place("c", "Trastevere, Rome", photos: 1, days: 1, first: "2025-06-14"),
    ]
    let year = LocalDate(iso: "2025-01-01")!...LocalDate(iso: "2025-12-31")!

    /// `card` in `language`, over this year's places.
    func say(_ card: Card, _ language: AppLanguage, days: ClosedRange<LocalDate>? = nil) -> Card {
        WrappedCardCopy.localized([card], days: days ?? year, places: places, in: language)[0]
    }

    func card(_ kind: CardKind, lines: [String] = [], panels: Int = 0, _ payload: [String: String]) -> Card {
        Card(
            kind: kind, eyebrow: "?", headline: "?", lines: lines,
            panels: (0..<panels).map { Card.Panel(rank: $0 + 2, label: "?", detail: "?") }, payload: payload)
    }

    @Test("title: the year, or the years and the dates")
    func title() {
        let whole = card(.title, ["from": "2025-01-01", "to": "2025-12-31", "year": "2025"])
        #expect(say(whole, .english).headline == "Your Photo Wrapped 2025")
        #expect(say(whole, .english).lines == ["Your year in photos"])
        #expect(say(whole, .finnish).headline == "Oma Photo Wrapped 2025")
        #expect(say(whole, .finnish).eyebrow == "2025")
        #expect(say(whole, .finnish).lines == ["Vuotesi kuvina"])
        let span = card(.title, ["from": "2008-03-01", "to": "2021-05-01", "year": "2008 – 2021"])
        #expect(say(span, .english).headline == "Your Photo Wrapped")
        #expect(say(span, .english).lines == ["1 March 2008 – 1 May 2021"])
        #expect(say(span, .finnish).headline == "Oma Photo Wrapped")
        #expect(say(span, .finnish).eyebrow == "2008 – 2021")
        #expect(say(span, .finnish).lines == ["1. maaliskuuta 2008 – 1. toukokuuta 2021"])
    }

    @Test("coverage: the total, the share located, and the low-coverage line when the deck has it")
    func coverage() {
        let low = card(.coverage, lines: ["12%", "few"], ["total": "4210", "coverage_pct": "12"])
        #expect(say(low, .english).headline == "You took 4,210 photos.")
        #expect(say(low, .english).lines.first == "12% had location data.")
        #expect(say(low, .english).lines.count == 2)
        #expect(plain(say(low, .finnish).headline) == "Otit 4 210 kuvaa.")
        #expect(plain(say(low, .finnish).lines) == [
            "12 % kuvista sisälsi sijaintitiedon.",
            "Harvassa kuvassa on sijainti, joten tämä kooste kertoo enemmän siitä, milloin kuvasit, kuin siitä, missä.",
        ])
        let one = card(.coverage, lines: ["100%"], ["total": "1", "coverage_pct": "100"])
        #expect(say(one, .english).headline == "You took 1 photo.")
        #expect(say(one, .finnish).headline == "Otit 1 kuvan.")
        #expect(say(one, .finnish).lines.count == 1)
    }

    @Test("places: the #1, the #2 and #3, the map, the count and the new place")
    func placeCards() {
        let top = say(card(.topPlace, ["place_id": "a", "photos": "212", "days": "40"]), .finnish)
        #expect(top.eyebrow == "Ykköspaikkasi")
        #expect(top.headline == "Kallio, Helsinki")
        #expect(top.lines == ["212 kuvaa 40 päivänä."])
        #expect(say(card(.topPlace, ["place_id": "a", "photos": "212", "days": "1"]), .english).lines == ["212 photos on 1 day."])

        let next = say(card(.topPlaces, panels: 2, ["place_ids": "b,c"]), .finnish)
        #expect(next.headline == "Kakkos- ja kolmospaikkasi")
        #expect(next.panels.map(\.label) == ["Lähellä 60.18°N, 24.95°E", "Trastevere, Rome"])
        #expect(next.panels.map(\.detail) == ["30 kuvaa · 2 päivää", "1 kuva · 1 päivä"])
        let nextEnglish = say(card(.topPlaces, panels: 1, ["place_ids": "b"]), .english)
        #expect(nextEnglish.headline == "Your #2")
        #expect(nextEnglish.panels.map(\.label) == ["Near 60.18°N, 24.95°E"])
        #expect(nextEnglish.panels.map(\.detail) == ["30 photos · 2 days"])

        let map = say(card(.map, panels: 2, ["place_ids": "a,b,c", "pins": "1,2;3,4;5,6"]), .finnish)
        #expect(map.eyebrow == "Karttasi")
        #expect(map.headline == "3 tärkeintä paikkaasi")
        #expect(map.panels.map(\.detail) == ["212 kuvaa · 40 päivää", "30 kuvaa · 2 päivää"])
        #expect(say(card(.map, panels: 2, ["place_ids": "a,b"]), .english).headline == "Your top 2 places")

        #expect(say(card(.distinctPlaces, ["places": "3"]), .finnish).headline == "Kuvasit 3 eri paikassa.")
        #expect(say(card(.distinctPlaces, ["places": "1"]), .english).headline == "You photographed 1 distinct place.")

        let new = card(.newPlace, ["place_id": "c", "date": "2025-06-14"])
        #expect(say(new, .english).headline == "First time at Trastevere, Rome was 14 June 2025.")
        #expect(say(new, .english).lines == ["You went back on 0 more days."])
        #expect(say(new, .finnish).headline == "Ensimmäinen kertasi paikassa Trastevere, Rome oli 14. kesäkuuta 2025.")
        #expect(say(new, .finnish).lines == ["Palasit sinne vielä 0 päivänä."])
    }

    @Test("time: the biggest day, month, hours, rhythm, week, weekday and streak")
    func timeCards() {
        let day = card(.peakDay, ["date": "2025-06-14", "photos": "12"])
        #expect(say(day, .english).headline == "Saturday, 14 June 2025")
        #expect(say(day, .english).lines == ["12 photos in one day."])
        #expect(say(day, .finnish).headline == "lauantai 14. kesäkuuta 2025")
        #expect(say(day, .finnish).lines == ["12 kuvaa yhtenä päivänä."])

        let month = card(.peakMonth, ["month": "2025-06", "photos": "1"])
        #expect(say(month, .english).headline == "June 2025")
        #expect(say(month, .english).lines == ["1 photo that month."])
        #expect(say(month, .finnish).headline == "Kesäkuu 2025")
        #expect(say(month, .finnish).lines == ["1 kuva sinä kuukautena."])

        let evening = card(.timeOfDay, ["start_hour": "17", "share_pct": "31"])
        #expect(say(evening, .english).headline == "You photographed most around 5 pm – 8 pm.")
        #expect(say(evening, .english).lines == ["31% of your photos — an evening person."])
        #expect(say(evening, .finnish).headline == "Kuvasit eniten noin klo 17–20.")
        #expect(plain(say(evening, .finnish).lines) == ["31 % kuvistasi – olet iltaihminen."])
        let late = card(.timeOfDay, ["start_hour": "22", "share_pct": "40"])
        #expect(say(late, .english).headline == "You photographed most around 10 pm – 1 am.")
        #expect(say(late, .finnish).headline == "Kuvasit eniten noin klo 22–1.")
        #expect(plain(say(late, .finnish).lines) == ["40 % kuvistasi – olet yökyöpeli."])

        #expect(say(card(.photosPerWeek, ["per_week": "2.5"]), .english).headline == "2.5 photos a week.")
        #expect(say(card(.photosPerWeek, ["per_week": "2.5"]), .finnish).headline == "2,5 kuvaa viikossa.")
        #expect(say(card(.photosPerWeek, ["per_week": "0.3"]), .english).headline == "1 photo a month.")
        #expect(say(card(.photosPerWeek, ["per_week": "0.3"]), .finnish).headline == "1 kuva kuukaudessa.")

        let week = card(.busiestWeek, ["week_start": "2025-06-09", "photos": "30"])
        #expect(say(week, .english).headline == "The week of 9 June 2025.")
        #expect(say(week, .finnish).headline == "Viikko, joka alkoi 9. kesäkuuta 2025.")
        #expect(say(week, .finnish).lines == ["30 kuvaa seitsemässä päivässä."])

        let weekday = card(.weekday, ["weekday": "6", "photos": "12"])
        #expect(say(weekday, .english).headline == "Saturdays.")
        #expect(say(weekday, .english).lines == ["12 photos on Saturdays."])
        #expect(say(weekday, .finnish).headline == "Lauantaisin.")
        #expect(say(weekday, .finnish).lines == ["12 kuvaa lauantaisin."])

        let streak = card(.streak, ["start": "2025-06-14", "days": "3"])
        #expect(say(streak, .english).headline == "A 3-day photo streak.")
        #expect(say(streak, .english).lines == ["From 14 June 2025 to 16 June 2025."])
        #expect(say(streak, .finnish).headline == "3 päivän kuvausputki.")
        #expect(say(streak, .finnish).lines == ["14. kesäkuuta 2025 – 16. kesäkuuta 2025."])
    }

    @Test("the finale names the year of a one-year range")
    func collage() {
        let finale = card(.collage, ["photos": "9"])
        #expect(say(finale, .english).eyebrow == "That was 2025")
        #expect(say(finale, .english).headline == "Your year in moments.")
        #expect(say(finale, .finnish).eyebrow == "Sellainen oli 2025")
        #expect(say(finale, .finnish).headline == "Vuotesi hetkinä.")
        let long = LocalDate(iso: "2008-01-01")!...LocalDate(iso: "2021-01-01")!
        #expect(say(finale, .english, days: long).eyebrow == "That was it")
        #expect(say(finale, .finnish, days: long).headline == "Hetkesi.")
    }

    @Test("a card without its numbers (an older cache) keeps the builder's words")
    func missingNumbers() {
        let bare = Card(kind: .peakDay, eyebrow: "Your biggest day", headline: "Saturday, 14 June 2025")
        #expect(say(bare, .finnish) == bare)
    }

    @Test("in English the sample deck's cards and its map card are the builder's own words")
    func englishIsTheBuilders() {
        let result = SampleWrapped.result()
        var cards = result.deck.cards
        if let map = DeckBuilder().mapCard(places: result.visiblePlaces) { cards.append(map) }
        #expect(cards.count >= 9)
        let english = WrappedCardCopy.localized(cards, days: result.from...result.to, places: result.places, in: .english)
        for (said, built) in zip(english, cards) {
            #expect(said == built, "\(built.kind)")
        }
        let finnish = WrappedCardCopy.localized(cards, days: result.from...result.to, places: result.places, in: .finnish)
        #expect(finnish.map(\.payload) == cards.map(\.payload))
        #expect(zip(finnish, cards).allSatisfy { $0.headline != $1.headline || $0.kind == .topPlace })
    }

    @Test("every Finnish card of the sample deck, the map too, lays out inside the safe area")
    func finnishCardsFit() {
        let result = SampleWrapped.result()
        var cards = result.deck.cards
        if let map = DeckBuilder().mapCard(places: result.visiblePlaces) { cards.append(map) }
        let finnish = WrappedCardCopy.localized(cards, days: result.from...result.to, places: result.places, in: .finnish)
        for card in finnish {
            CardLayoutChecks.expectInside(card: card, measurer: FixedAdvanceMeasurer())
        }
    }

    @Test("a Finnish app: the sample deck, its notice, its places and share choices speak Finnish")
    func finnishApp() throws {
        let env = environment(
            sources: InMemoryPhotoLibraryFactory(assets: []), authorizer: InMemoryPhotoAuthorizer(status: .denied),
            thumbnails: InMemoryPhotoThumbnails(images: [:]), cache: nil, now: noon("2026-03-10"),
            language: .finnish)
        let app = WrappedAppModel(environment: env, measurer: FixedAdvanceMeasurer())
        #expect(app.access.screen == .noAccess(message: WrappedCopy.deniedMessage(in: .finnish), canOpenSettings: true))
        #expect(app.home.summary == "1. tammikuuta 2026 – 10. maaliskuuta 2026")
        app.showSampleDeck()
        let deck = try #require(app.deck)
        #expect(deck.notice == "Esimerkkikooste: ei sinun kuviasi.")
        #expect(deck.cards.first?.headline == "Oma Photo Wrapped 2025")
        #expect(deck.cards.contains { $0.kind == .map && $0.eyebrow == "Karttasi" })
        #expect(deck.places.first?.label == "Kallio, Helsinki")
        #expect(deck.places.first?.photosLine(in: .finnish).hasSuffix("kuvaa") == true)
        #expect(deck.pages.first?.layout.allTexts.contains { $0.text.hasPrefix("Oma") } == true)
    }
}
