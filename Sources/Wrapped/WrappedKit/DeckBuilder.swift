/// Builds the deck of seed §7 from a run's statistics and places.
///
/// Normal deck (≥ 20 % located): title, coverage, #1 place, #2–#3, peak day, peak month, time
/// of day, distinct places, new place, collage. Low-coverage deck (§7.2): title, coverage with
/// the explanation, photos per week, busiest week, weekday, streak, peak day, peak month, time
/// of day, collage. Cards whose insight is weak are skipped (see each `…Card` for its bar); when
/// fewer than ``targetCards`` remain, the time-based cards not yet used fill in; never more than
/// ``maximumCards``. A range with no photos gives an empty deck and a reason.
public struct DeckBuilder: Sendable {
    /// Target length the time-based cards fill up to (seed §7.1: "target 10 cards").
    public static let targetCards = 10
    /// Target minimum length (seed: 8–12 cards).
    public static let minimumCards = 8
    /// Maximum length.
    public static let maximumCards = 12
    /// Coverage below which the low-coverage deck is used (seed §7.2: 20 %).
    public static let lowCoverage = 0.20

    /// What the cards are drawn from.
    public struct Input: Sendable {
        public var from: LocalDate
        public var to: LocalDate
        public var stats: TimeStats
        /// Visible places, ranked.
        public var places: [PlaceCluster]
        /// The place first photographed in this range, when that is known with confidence.
        public var newPlace: PlaceCluster?
        /// Collage photos, evenly spaced in time, hidden places excluded.
        public var collage: [CardPhoto]
        /// Local files by asset id, for place photos.
        public var paths: [String: String]
    }

    /// Creates a builder.
    public init() {}

    /// The deck for `input`.
    public func deck(_ input: Input) -> Deck {
        let stats = input.stats
        guard stats.total > 0 else {
            return Deck(
                cards: [], isLowCoverage: false,
                emptyReason: "No photos between \(CardText.medium(input.from)) and \(CardText.medium(input.to)). Try a different range.")
        }
        let low = stats.coverage < Self.lowCoverage
        let timeCards = [photosPerWeekCard(stats), busiestWeekCard(stats), weekdayCard(stats), streakCard(stats)]
        var cards: [Card?] = [titleCard(input), coverageCard(stats, low: low)]
        if low {
            cards += timeCards
            cards += [peakDayCard(stats), peakMonthCard(stats), timeOfDayCard(stats)]
        } else {
            cards += [
                topPlaceCard(input), topPlacesCard(input), peakDayCard(stats), peakMonthCard(stats), timeOfDayCard(stats),
                distinctPlacesCard(input), newPlaceCard(input),
            ]
        }
        var deck = cards.compactMap { $0 }
        if deck.count + 1 < Self.targetCards {
            for card in timeCards.compactMap({ $0 }) where !deck.contains(where: { $0.kind == card.kind }) {
                deck.append(card)
                if deck.count + 1 >= Self.targetCards { break }
            }
        }
        if let collage = collageCard(input) { deck.append(collage) }
        if deck.count > Self.maximumCards { deck = Array(deck.prefix(Self.maximumCards - 1)) + [deck.last!] }
        return Deck(cards: deck, isLowCoverage: low)
    }

    /// The cards that need only Stage A (seed §14.2: a large library shows time-based cards
    /// first, then place cards as they resolve): title, coverage, peak day, peak month, time of
    /// day, then photos per week, busiest week, weekday and streak, each when its insight is
    /// strong enough. No photos: no cards.
    public func timeCards(from: LocalDate, to: LocalDate, stats: TimeStats) -> [Card] {
        guard stats.total > 0 else { return [] }
        let input = Input(from: from, to: to, stats: stats, places: [], newPlace: nil, collage: [], paths: [:])
        let cards: [Card?] = [
            titleCard(input), coverageCard(stats, low: stats.coverage < Self.lowCoverage), peakDayCard(stats),
            peakMonthCard(stats), timeOfDayCard(stats), photosPerWeekCard(stats), busiestWeekCard(stats),
            weekdayCard(stats), streakCard(stats),
        ]
        return cards.compactMap { $0 }
    }

    /// The map card of the top places (seed §16 Phase 2), or `nil` with fewer than two:
    /// panels for the first two, and every place's centroid in `payload["pins"]`
    /// ("lat,lon;…" in rank order) for the layout to project. Hidden places are left out.
    public func mapCard(places: [PlaceCluster], limit: Int = 5) -> Card? {
        let shown = Array(places.filter { !$0.isHidden }.prefix(limit))
        guard shown.count >= 2 else { return nil }
        let pins = shown.map { "\($0.centroid.latitude),\($0.centroid.longitude)" }
        return Card(
            kind: .map, eyebrow: "Your map", headline: "Your top \(shown.count) places",
            panels: shown.prefix(2).enumerated().map { index, place in
                Card.Panel(
                    rank: index + 1, label: place.displayLabel,
                    detail: "\(CardText.count(place.photoCount, "photo")) · \(CardText.count(place.distinctDays, "day"))")
            },
            payload: ["pins": pins.joined(separator: ";"), "place_ids": shown.map(\.id).joined(separator: ",")])
    }

    // MARK: Cards

    private func titleCard(_ input: Input) -> Card {
        let sameYear = input.from.year == input.to.year
        let wholeYear = sameYear && input.from.month == 1 && input.from.day == 1
        let headline = sameYear ? "Your Photo Wrapped \(input.from.year)" : "Your Photo Wrapped"
        let span = "\(CardText.medium(input.from)) – \(CardText.medium(input.to))"
        // A long range is named by the years that actually have photos ("2008 – 2021").
        let years = input.stats.perDay.keys.map(\.year)
        let photoYears = years.min().map { first in first == years.max()! ? String(first) : "\(first) – \(years.max()!)" }
        return Card(
            kind: .title, eyebrow: sameYear ? String(input.from.year) : photoYears ?? span, headline: headline,
            lines: wholeYear ? ["Your year in photos"] : [span],
            payload: ["from": input.from.description, "to": input.to.description]
                .merging(sameYear ? ["year": String(input.from.year)] : photoYears.map { ["year": $0] } ?? [:]) { a, _ in a })
    }

    private func coverageCard(_ stats: TimeStats, low: Bool) -> Card {
        let percent = Int((stats.coverage * 100).rounded())
        var lines = ["\(percent)% had location data."]
        if low { lines.append("Few photos have a location, so this Wrapped is about when you took them more than where.") }
        return Card(
            kind: .coverage, eyebrow: "The numbers", headline: "You took \(CardText.count(stats.total, "photo")).",
            lines: lines,
            payload: [
                "total": String(stats.total), "located": String(stats.located), "coverage_pct": String(percent),
                "coverage_percent": String(percent),
            ])
    }

    private func topPlaceCard(_ input: Input) -> Card? {
        guard let first = input.places.first else { return nil }
        return Card(
            kind: .topPlace, eyebrow: "Your #1 place", headline: first.displayLabel,
            lines: ["\(CardText.count(first.photoCount, "photo")) on \(CardText.count(first.distinctDays, "day"))."],
            photos: first.representativeIDs.map { CardPhoto(assetID: $0, path: input.paths[$0]) },
            payload: [
                "place_id": first.id, "label": first.displayLabel, "photos": String(first.photoCount),
                "days": String(first.distinctDays),
            ])
    }

    private func topPlacesCard(_ input: Input) -> Card? {
        let next = input.places.dropFirst().prefix(2)
        guard !next.isEmpty else { return nil }
        let panels = next.enumerated().map { offset, place in
            Card.Panel(
                rank: offset + 2, label: place.displayLabel,
                detail: "\(CardText.count(place.photoCount, "photo")) · \(CardText.count(place.distinctDays, "day"))")
        }
        return Card(
            kind: .topPlaces, eyebrow: "Also on your map", headline: next.count == 2 ? "Your #2 and #3" : "Your #2",
            panels: panels, payload: ["place_ids": next.map(\.id).joined(separator: ",")])
    }

    /// Skipped unless the peak day has at least 3 photos and photos exist on at least 2 days.
    private func peakDayCard(_ stats: TimeStats) -> Card? {
        guard let peak = stats.peakDay, peak.count >= 3, stats.perDay.count >= 2 else { return nil }
        return Card(
            kind: .peakDay, eyebrow: "Your biggest day", headline: CardText.long(peak.date),
            lines: ["\(CardText.count(peak.count, "photo")) in one day."],
            payload: ["date": peak.date.description, "photos": String(peak.count)])
    }

    /// Skipped unless photos span at least 2 months.
    private func peakMonthCard(_ stats: TimeStats) -> Card? {
        guard let peak = stats.peakMonth, stats.monthCount >= 2 else { return nil }
        return Card(
            kind: .peakMonth, eyebrow: "Your busiest month", headline: "\(CardText.months[peak.month - 1]) \(peak.year)",
            lines: ["\(CardText.count(peak.count, "photo")) that month."],
            payload: ["month": "\(peak.year)-\(LocalDate.pad(peak.month, 2))", "photos": String(peak.count)])
    }

    /// Skipped below 10 photos or when no three-hour window holds a quarter of them.
    private func timeOfDayCard(_ stats: TimeStats) -> Card? {
        guard stats.total >= 10, let window = stats.busiestWindow, window.share >= 0.25 else { return nil }
        let text = "\(CardText.hour(window.startHour)) – \(CardText.hour(window.startHour + 3))"
        return Card(
            kind: .timeOfDay, eyebrow: "Your golden hours", headline: "You photographed most around \(text).",
            lines: ["\(Int((window.share * 100).rounded()))% of your photos — \(CardText.person(window.startHour + 1))."],
            payload: ["start_hour": String(window.startHour), "share_pct": String(Int((window.share * 100).rounded()))])
    }

    private func distinctPlacesCard(_ input: Input) -> Card? {
        guard !input.places.isEmpty else { return nil }
        return Card(
            kind: .distinctPlaces, eyebrow: "Places", headline: "You photographed \(CardText.count(input.places.count, "distinct place")).",
            payload: ["places": String(input.places.count)])
    }

    private func newPlaceCard(_ input: Input) -> Card? {
        guard let place = input.newPlace else { return nil }
        return Card(
            kind: .newPlace, eyebrow: "Somewhere new", headline: "First time at \(place.displayLabel) was \(CardText.medium(place.firstDay)).",
            lines: ["You went back on \(CardText.count(place.distinctDays - 1, "more day"))."],
            payload: ["place_id": place.id, "date": place.firstDay.description])
    }

    /// Skipped below 2 weeks of photos, and below one photo a month (a rhythm that sparse says
    /// nothing); under one a week it is told per month.
    private func photosPerWeekCard(_ stats: TimeStats) -> Card? {
        guard let first = stats.perDay.keys.min(), let last = stats.perDay.keys.max(),
            last.dayNumber - first.dayNumber >= 13
        else { return nil }
        let perWeek = stats.photosPerWeek
        let perMonth = perWeek * 365.25 / 7 / 12
        guard perMonth >= 1 else { return nil }
        let headline: String
        if perWeek >= 1 {
            let text = perWeek >= 10 ? String(Int(perWeek.rounded())) : String((perWeek * 10).rounded() / 10)
            headline = "\(text) photos a week."
        } else {
            headline = "\(Int(perMonth.rounded())) \(Int(perMonth.rounded()) == 1 ? "photo" : "photos") a month."
        }
        return Card(kind: .photosPerWeek, eyebrow: "Your rhythm", headline: headline, payload: ["per_week": String(perWeek)])
    }

    /// Skipped unless the busiest week has at least 3 photos and photos fall in at least 2 weeks.
    private func busiestWeekCard(_ stats: TimeStats) -> Card? {
        guard let week = stats.busiestWeek, week.count >= 3, Set(stats.perDay.keys.map(\.weekStart)).count >= 2 else { return nil }
        return Card(
            kind: .busiestWeek, eyebrow: "Your busiest week", headline: "The week of \(CardText.medium(week.start)).",
            lines: ["\(CardText.count(week.count, "photo")) in seven days."],
            payload: ["week_start": week.start.description, "photos": String(week.count)])
    }

    /// Skipped below 7 photos.
    private func weekdayCard(_ stats: TimeStats) -> Card? {
        guard stats.total >= 7, let best = stats.busiestWeekday else { return nil }
        return Card(
            kind: .weekday, eyebrow: "Your day of the week", headline: "\(CardText.weekdays[best.weekday - 1])s.",
            lines: ["\(CardText.count(best.count, "photo")) on \(CardText.weekdays[best.weekday - 1])s."],
            payload: ["weekday": String(best.weekday), "photos": String(best.count)])
    }

    /// Skipped below a 2-day streak.
    private func streakCard(_ stats: TimeStats) -> Card? {
        guard let streak = stats.longestStreak, streak.days >= 2 else { return nil }
        return Card(
            kind: .streak, eyebrow: "On a roll", headline: "A \(streak.days)-day photo streak.",
            lines: ["From \(CardText.medium(streak.start)) to \(CardText.medium(streak.start.adding(days: streak.days - 1)))."],
            payload: ["start": streak.start.description, "days": String(streak.days)])
    }

    /// Skipped below 4 photos.
    private func collageCard(_ input: Input) -> Card? {
        guard input.collage.count >= 4 else { return nil }
        return Card(
            kind: .collage, eyebrow: "That was \(input.from.year == input.to.year ? String(input.from.year) : "it")",
            headline: input.from.year == input.to.year ? "Your year in moments." : "Your moments.", photos: input.collage,
            payload: ["photos": String(input.collage.count)])
    }
}
