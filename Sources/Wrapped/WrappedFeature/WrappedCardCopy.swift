import Foundation
import LociLocalization
import WrappedKit

/// The words on Photo Wrapped's cards in the person's language.
///
/// The deck builder (WrappedKit) writes every card in English, the language of the CLI, the
/// HTML deck and the cache; it also keeps each card's numbers in ``WrappedKit/Card/payload``.
/// This copy writes the eyebrow, headline, lines and panel details again from those numbers and
/// the run's places, through this module's catalog, so the pager, the early cards and the share
/// image (all drawn from `CardLayout`) speak Finnish as well as English. In English it gives the
/// builder's own words back (tested on real decks).
///
/// A card whose numbers are missing (an older cache) keeps the builder's English words.
public enum WrappedCardCopy {
    /// `cards` of the run over `days` with their words in `language`; `places` are the run's
    /// places (for panel counts and a new place's name).
    public static func localized(
        _ cards: [Card], days: ClosedRange<LocalDate>, places: [PlaceCluster], in language: AppLanguage = .current
    ) -> [Card] {
        let byID = Dictionary(places.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return cards.map { localized($0, days: days, places: byID, in: language) }
    }

    /// What VoiceOver reads for `card` (its words already in `language`): the eyebrow, headline
    /// and lines in order, each panel as "2. Kallio, Helsinki, 212 photos · 40 days", and for
    /// the map every pinned place by its rank (the pins carry numbers, never meaning by colour).
    public static func spokenText(of card: Card, places: [PlaceCluster], in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        var parts = [card.eyebrow, card.headline] + card.lines
        parts += card.panels.map { t("%1$@. %2$@, %3$@", t.number($0.rank), $0.label, $0.detail) }
        if card.kind == .map {
            let ids = (card.payload["place_ids"] ?? "").split(separator: ",").map(String.init)
            for (offset, id) in ids.enumerated() where offset >= card.panels.count {
                guard let place = places.first(where: { $0.id == id }) else { continue }
                parts.append(t("%1$@. %2$@", t.number(offset + 1), WrappedCopy.placeLabel(place, in: language)))
            }
        }
        return parts.filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// `card` with its words in `language` (see the type's description).
    static func localized(
        _ card: Card, days: ClosedRange<LocalDate>, places: [String: PlaceCluster], in language: AppLanguage
    ) -> Card {
        let t = Localizer(.wrapped, language)
        var card = card
        let p = card.payload
        func int(_ key: String) -> Int? { p[key].flatMap { Int($0) } }
        func date(_ key: String) -> LocalDate? { p[key].flatMap { LocalDate(iso: $0) } }
        func photos(_ n: Int) -> String { t("%@ photos", t.number(n), count: n) }
        func detail(_ place: PlaceCluster) -> String {
            t("%1$@ · %2$@", photos(place.photoCount), t("%@ days", t.number(place.distinctDays), count: place.distinctDays))
        }
        /// Panels follow `place_ids` in order (the #2 and #3, or the map's first two).
        func panels() {
            let ids = (p["place_ids"] ?? "").split(separator: ",").map(String.init)
            for index in card.panels.indices where ids.indices.contains(index) {
                if let place = places[ids[index]] {
                    card.panels[index].label = WrappedCopy.placeLabel(place, in: language)
                    card.panels[index].detail = detail(place)
                }
            }
        }

        switch card.kind {
        case .title:
            guard let from = date("from"), let to = date("to") else { return card }
            let sameYear = from.year == to.year
            let span = t("%1$@ – %2$@", WrappedDates.medium(from, t), WrappedDates.medium(to, t))
            let wholeYear = sameYear && from.month == 1 && from.day == 1
            card.headline = sameYear ? t("Your Photo Wrapped %@", String(from.year)) : t("Your Photo Wrapped")
            card.eyebrow = sameYear ? String(from.year) : p["year"] ?? span
            card.lines = wholeYear ? [t("Your year in photos")] : [span]
        case .coverage:
            guard let total = int("total"), let percent = int("coverage_pct") else { return card }
            card.eyebrow = t("The numbers")
            card.headline = t("You took %@ photos.", t.number(total), count: total)
            // The builder adds the explanation as a second line exactly when the deck is the
            // low-coverage one (a rounded percentage cannot tell 19.6 % from 20 %).
            let low = card.lines.count > 1
            card.lines = [t("%@ had location data.", t.percent(Double(percent) / 100))]
            if low {
                card.lines.append(
                    t("Few photos have a location, so this Wrapped is about when you took them more than where."))
            }
        case .topPlace:
            guard let count = int("photos"), let days = int("days") else { return card }
            card.eyebrow = t("Your #1 place")
            if let id = p["place_id"], let place = places[id] { card.headline = WrappedCopy.placeLabel(place, in: language) }
            card.lines = [t("%1$@ on %2$@ days.", photos(count), t.number(days), count: days)]
        case .topPlaces:
            card.eyebrow = t("Also on your map")
            card.headline = card.panels.count >= 2 ? t("Your #2 and #3") : t("Your #2")
            panels()
        case .map:
            card.eyebrow = t("Your map")
            let shown = (p["place_ids"] ?? "").split(separator: ",").count
            card.headline = t("Your top %@ places", t.number(shown))
            panels()
        case .peakDay:
            guard let day = date("date"), let count = int("photos") else { return card }
            card.eyebrow = t("Your biggest day")
            card.headline = WrappedDates.long(day, t)
            card.lines = [t("%@ photos in one day.", t.number(count), count: count)]
        case .peakMonth:
            guard let month = p["month"], let count = int("photos"),
                let first = LocalDate(iso: month + "-01")
            else { return card }
            card.eyebrow = t("Your busiest month")
            card.headline = WrappedDates.month(first.month, year: first.year, t)
            card.lines = [t("%@ photos that month.", t.number(count), count: count)]
        case .timeOfDay:
            guard let start = int("start_hour"), let share = int("share_pct") else { return card }
            card.eyebrow = t("Your golden hours")
            card.headline = t(
                "You photographed most around %1$@ – %2$@.", WrappedDates.hour(start, t),
                WrappedDates.hour(start + 3, t))
            let percent = t.percent(Double(share) / 100)
            let line: String =
                switch ((start + 1) % 24 + 24) % 24 {
                case 5..<12: t("%@ of your photos — a morning person.", percent)
                case 12..<17: t("%@ of your photos — an afternoon person.", percent)
                case 17..<21: t("%@ of your photos — an evening person.", percent)
                default: t("%@ of your photos — a night owl.", percent)
                }
            card.lines = [line]
        case .distinctPlaces:
            guard let count = int("places") else { return card }
            card.eyebrow = t("Places")
            card.headline = t("You photographed %@ distinct places.", t.number(count), count: count)
        case .newPlace:
            guard let id = p["place_id"], let place = places[id], let first = date("date") else { return card }
            let more = place.distinctDays - 1
            card.eyebrow = t("Somewhere new")
            card.headline = t(
                "First time at %1$@ was %2$@.", WrappedCopy.placeLabel(place, in: language), WrappedDates.medium(first, t))
            card.lines = [t("You went back on %@ more days.", t.number(more), count: more)]
        case .photosPerWeek:
            guard let perWeek = p["per_week"].flatMap({ Double($0) }) else { return card }
            card.eyebrow = t("Your rhythm")
            if perWeek >= 1 {
                let text = perWeek >= 10 ? t.number(Int(perWeek.rounded())) : t.number(perWeek, fractionDigits: 1)
                card.headline = t("%@ photos a week.", text)
            } else {
                let perMonth = Int((perWeek * 365.25 / 7 / 12).rounded())
                card.headline = t("%@ photos a month.", t.number(perMonth), count: perMonth)
            }
        case .busiestWeek:
            guard let start = date("week_start"), let count = int("photos") else { return card }
            card.eyebrow = t("Your busiest week")
            card.headline = t("The week of %@.", WrappedDates.medium(start, t))
            card.lines = [t("%@ photos in seven days.", t.number(count), count: count)]
        case .weekday:
            guard let weekday = int("weekday"), (1...7).contains(weekday), let count = int("photos") else { return card }
            card.eyebrow = t("Your day of the week")
            card.headline = WrappedDates.weekdayHeadline(weekday, t)
            card.lines = [t("%1$@ on %2$@.", photos(count), WrappedDates.weekdays(weekday, t))]
        case .streak:
            guard let start = date("start"), let days = int("days") else { return card }
            card.eyebrow = t("On a roll")
            card.headline = t("A %@-day photo streak.", t.number(days))
            card.lines = [
                t("From %1$@ to %2$@.", WrappedDates.medium(start, t), WrappedDates.medium(start.adding(days: days - 1), t))
            ]
        case .collage:
            if days.lowerBound.year == days.upperBound.year {
                card.eyebrow = t("That was %@", String(days.lowerBound.year))
                card.headline = t("Your year in moments.")
            } else {
                card.eyebrow = t("That was it")
                card.headline = t("Your moments.")
            }
        }
        return card
    }
}
