import LociLocalization
import WrappedKit

extension StringCatalog {
    /// Photo Wrapped's words (`Localizable.xcstrings` beside this file), loaded once.
    static let wrapped = StringCatalog.bundled(in: .module)
}

/// The words of Photo Wrapped's screens (seed §6) in English and Finnish, in one place so views
/// only lay them out and tests can check which one a screen shows. Keys are the English text of
/// `Localizable.xcstrings` in this module.
public enum WrappedCopy {
    /// This module's catalog (tests check it loaded: `loadFailure == nil`).
    public static var catalog: StringCatalog { .wrapped }

    /// The access screen's title.
    public static func accessTitle(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Make your Photo Wrapped")
    }

    /// The access screen's promise.
    public static func accessMessage(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("We analyze photo metadata to create your recap. Your photos stay on-device.")
    }

    /// Why nothing can be generated after the user said no.
    public static func deniedMessage(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)(
            "Photo Wrapped needs access to your photos to make your recap. You can allow it in Settings, or look at a sample deck."
        )
    }

    /// Why nothing can be generated under a device policy.
    public static func restrictedMessage(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)(
            "Photo access is restricted on this device, so Photo Wrapped cannot read your photos. You can look at a sample deck."
        )
    }

    /// The notice shown with everything made from a limited selection (seed §6.1, §8.1).
    public static func limitedNotice(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Based on the photos you selected only. Manage Photo Access to include more.")
    }

    /// The sample deck's label.
    public static func sampleNotice(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("A sample Wrapped: not your photos.")
    }

    /// A range choice's label.
    public static func rangeTitle(_ choice: RangeChoice, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        switch choice {
        case .thisYear: return t("This year")
        case .lastYear: return t("Last year")
        case .last30Days: return t("Last 30 days")
        case .custom: return t("Custom")
        }
    }

    /// Why custom dates cannot be generated: the first day is after the last.
    public static func firstDayAfterLast(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("The first day is after the last.")
    }

    /// Why custom dates cannot be generated: they start in the future.
    public static func rangeStartsAfterToday(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("The range starts after today.")
    }

    /// "1 January 2026 – 25 November 2026" / "1. tammikuuta 2026 – 25. marraskuuta 2026"; one day
    /// reads as that day.
    public static func range(_ days: ClosedRange<LocalDate>, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        if days.lowerBound == days.upperBound { return WrappedDates.medium(days.lowerBound, t) }
        return t("%1$@ – %2$@", WrappedDates.medium(days.lowerBound, t), WrappedDates.medium(days.upperBound, t))
    }

    /// Home's line after access changed while a deck was shown.
    public static func accessChanged(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Photo access changed: generate again to include what you can see now.")
    }

    /// Home's line after a cancelled run.
    public static func cancelled(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Cancelled. Nothing was saved.")
    }

    /// Home's line after a failed run, with the technical reason (shown as it is).
    public static func runFailed(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Your Wrapped could not be made: %@", reason)
    }

    /// The deck's line when a place could not be hidden or shown again, with the reason.
    public static func hidingFailed(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Hidden places could not be changed: %@", reason)
    }

    /// The deck's line when the deck could not be made again after hiding a place.
    public static func regenerationFailed(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Your Wrapped could not be made again: %@", reason)
    }

    /// The line shown when the range and filters could not be read or kept.
    public static func settingsFailed(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Your range and filters could not be saved: %@", reason)
    }

    /// Home's warning when the local database could not be opened at launch: hidden places and
    /// the cache last only until the app closes.
    public static func storageUnavailable(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)(
            "Photo Wrapped could not open its storage, so hidden places are kept only until the app closes: %@",
            reason)
    }

    /// What to do about ``storageUnavailable(_:in:)``.
    public static func storageFix(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Free up space on your iPhone, then tap Try again.")
    }

    /// Why a deck is empty: no photos in its range.
    public static func emptyDeck(from: LocalDate, to: LocalDate, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t(
            "No photos between %1$@ and %2$@. Try a different range.", WrappedDates.medium(from, t),
            WrappedDates.medium(to, t))
    }

    /// A share picker's entry: "3. Your #1 place".
    public static func shareChoice(number: Int, headline: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%1$@. %2$@", t.number(number), headline)
    }

    /// A count of photos: "1 photo", "4,210 photos" / "4 210 kuvaa".
    public static func photos(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ photos", t.number(count), count: count)
    }

    /// A count of days: "1 day", "40 days".
    public static func days(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ days", t.number(count), count: count)
    }

    /// "First visit 3 February 2025".
    public static func firstVisit(_ date: LocalDate, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("First visit %@", WrappedDates.medium(date, t))
    }

    /// "Last visit 20 December 2025".
    public static func lastVisit(_ date: LocalDate, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("Last visit %@", WrappedDates.medium(date, t))
    }

    /// A processing stage's title.
    public static func stageTitle(_ stage: ProcessingProgress.Stage, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        switch stage {
        case .timeStats: return t("Counting your photos")
        case .places: return t("Finding your places")
        case .labels: return t("Naming your places")
        }
    }

    /// "4,210 photos in range" (seed §6.3).
    public static func photosInRange(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ photos in range", t.number(count), count: count)
    }

    /// "37% include location data" (seed §6.3).
    public static func coverage(percent: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ include location data", t.percent(Double(percent) / 100))
    }

    /// Why place insights will be limited (coverage under 20 %, seed §7.2).
    public static func lowCoverage(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)(
            "Few of these photos have a location, so your Wrapped will be more about when than where.")
    }

    /// Shown when places could not be labelled.
    public static func labelsUnavailable(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Place names are not available; places are shown by their area.")
    }

    /// A stage's count of places: "37 places".
    public static func places(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ places", t.number(count), count: count)
    }

    /// A stage's count of named places: "10 places named".
    public static func placesNamed(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ places named", t.number(count), count: count)
    }
}

extension WrappedCopy {
    /// "212 photos · 40 days".
    public static func placeCounts(photos: Int, days: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t(
            "%1$@ · %2$@", t("%@ photos", t.number(photos), count: photos), t("%@ days", t.number(days), count: days))
    }
}

extension WrappedCopy {
    /// A place's name: its label ("Kallio, Helsinki", a name, the same in every language), or,
    /// without one, where it is ("Near 60.18°N, 24.95°E" / "Lähellä 60.18°N, 24.95°E").
    public static func placeLabel(_ place: PlaceCluster, in language: AppLanguage = .current) -> String {
        if let label = place.label { return label.text }
        let prefix = "Near "
        let english = place.displayLabel
        guard english.hasPrefix(prefix) else { return english }
        return Localizer(.wrapped, language)("Near %@", String(english.dropFirst(prefix.count)))
    }
}

extension WrappedCopy {
    /// "Card 3 of 10".
    public static func cardPosition(_ number: Int, of total: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("Card %1$@ of %2$@", t.number(number), t.number(total))
    }

    /// Why the deck waits for the person: Reduce Motion is on.
    public static func reduceMotionNote(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)(
            "Reduce Motion is on, so the cards do not move on by themselves. Tap the right side of a card or swipe to go on."
        )
    }

    /// The share screen's line when the card could not be drawn into an image.
    public static func renderFailed(in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("The card image could not be made. Try the other style, or close and share again.")
    }
}

extension WrappedCopy {
    /// "3 photos could not be read completely." (the deck's note about scan issues).
    public static func unreadPhotos(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.wrapped, language)
        return t("%@ photos could not be read completely.", t.number(count), count: count)
    }
}

extension WrappedCopy {
    /// The line shown when the stored range and filters could not be read at launch.
    public static func settingsUnreadable(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.wrapped, language)("Your saved range and filters could not be read, so the defaults are used: %@", reason)
    }
}
