import Foundation
import LibrarySync
import LociLocalization
import RoutingKit

extension StringCatalog {
    /// And Away's words (`Localizable.xcstrings` beside this file), loaded once.
    static let andAway = StringCatalog.bundled(in: .module)
}

/// And Away's user-facing text in one place, in English and Finnish (`Localizable.xcstrings`
/// beside this file, read through `LociLocalization`). Numbers, distances and durations go
/// through the `Localizer` formatters; an error's own description is data and stays as it is.
public enum AndAwayCopy {
    /// The catalog this module reads (for tests: it must load).
    public static var catalog: StringCatalog { .andAway }

    /// The note shown when a provider failed and the offline store answered instead.
    public static func fellBack(
        from provider: ProviderChoice, because error: any Error, in language: AppLanguage = .current
    ) -> String {
        let t = Localizer(.andAway, language)
        return t(
            "%1$@ did not answer (%2$@); showing offline results.", provider.displayName(in: language), reason(error))
    }

    /// A short reason for a provider failure, from its error's description.
    static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 160 ? String(text.prefix(157)) + "…" : text
    }

    /// Why no route or travel time can be given.
    public static func noPosition(in language: AppLanguage = .current) -> String {
        Localizer(.andAway, language)("Your position is not known, so no route can start from it.")
    }

    /// "350 m" (to ten metres) or "2.4 km" / "2,4 km".
    public static func distance(_ metres: Double, in language: AppLanguage = .current) -> String {
        let shown = metres < 1_000 ? (metres / 10).rounded() * 10 : metres
        return Localizer(.andAway, language).distance(metres: shown)
    }

    /// "12 min" or "1 h 5 min" (at least a minute: a travel time is never a few seconds).
    public static func duration(_ seconds: Double, in language: AppLanguage = .current) -> String {
        Localizer(.andAway, language).duration(seconds: max(60, seconds))
    }

    /// The name of a travel mode, as the mode switch shows it.
    public static func mode(_ mode: TravelMode, in language: AppLanguage = .current) -> String {
        let t = Localizer(.andAway, language)
        switch mode {
        case .foot: return t("Walk")
        case .bicycle: return t("Cycle")
        case .car: return t("Drive")
        }
    }

    /// "1.2 km · 15 min": a route at a glance.
    public static func routeSummary(metres: Double, seconds: Double, in language: AppLanguage = .current) -> String {
        "\(distance(metres, in: language)) · \(duration(seconds, in: language))"
    }

    /// Why there is no route in `mode`.
    public static func noRoute(_ mode: TravelMode, detail: String, in language: AppLanguage = .current) -> String {
        Localizer(.andAway, language)("No route (%1$@): %2$@", self.mode(mode, in: language), detail)
    }

    /// What an import added and updated.
    public static func imported(added: Int, updated: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.andAway, language)
        return t("Imported %1$@ new, %2$@ updated", t.number(added), t.number(updated))
    }

    /// A suggestion whose place the provider no longer knows.
    public static func noLongerKnown(
        _ name: String, by provider: ProviderChoice, in language: AppLanguage = .current
    ) -> String {
        Localizer(.andAway, language)("%1$@ no longer knows “%2$@”.", provider.displayName(in: language), name)
    }

    // MARK: - Failures

    /// What a person was doing when something failed: the first half of an error line.
    public enum Step: String, Sendable, CaseIterable {
        case search, suggestions, place, preferences, library, history, details, photos, travelTimes
        case save, remove, note, tags, newList, rename, deleteList, list, export, `import`, weights
    }

    /// One line saying what failed and why (`detail`: the error's own words).
    public static func failed(_ step: Step, _ detail: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.andAway, language)
        switch step {
        case .search: return t("Search failed: %@", detail)
        case .suggestions: return t("Suggestions could not be loaded: %@", detail)
        case .place: return t("The place could not be opened: %@", detail)
        case .preferences: return t("Your order of results could not be read, so the defaults are used: %@", detail)
        case .library: return t("Your saved places could not be read: %@", detail)
        case .history: return t("The search history could not be read or saved: %@", detail)
        case .details: return t("Details could not be loaded: %@", detail)
        case .photos: return t("Photos could not be loaded: %@", detail)
        case .travelTimes: return t("Travel times could not be found: %@", detail)
        case .save: return t("The place could not be saved: %@", detail)
        case .remove: return t("The saved place could not be removed: %@", detail)
        case .note: return t("The note could not be saved: %@", detail)
        case .tags: return t("The tags could not be changed: %@", detail)
        case .newList: return t("The list could not be made: %@", detail)
        case .rename: return t("The list could not be renamed: %@", detail)
        case .deleteList: return t("The list could not be deleted: %@", detail)
        case .list: return t("The place's lists could not be changed: %@", detail)
        case .export: return t("Export failed: %@", detail)
        case .import: return t("Import failed: %@", detail)
        case .weights: return t("The order of results could not be saved: %@", detail)
        }
    }

    // MARK: - Sync

    /// When the library last synced: "Last synced 29.11.2026 9.41", or that it has not yet.
    public static func lastSynced(
        _ date: Date?, timeZone: TimeZone = .current, in language: AppLanguage = .current
    ) -> String {
        let t = Localizer(.andAway, language)
        guard let date else { return t("Not synced with iCloud yet.") }
        return t("Last synced %1$@ %2$@", t.date(date, timeZone: timeZone), t.time(date, timeZone: timeZone))
    }

    /// What went wrong in the last sync round, and what happens to the person's changes.
    public static func syncProblem(_ problem: SyncProblem, in language: AppLanguage = .current) -> String {
        let t = Localizer(.andAway, language)
        switch problem.kind {
        case .offline:
            return t("iCloud could not be reached. Your changes are kept and sync when you are online.")
        case .sending:
            return t("Your changes could not be sent to iCloud: %@", problem.detail)
        case .receiving:
            return t("Changes from your other devices could not be received: %@", problem.detail)
        case .savingState:
            return t("The sync progress on this phone could not be read or saved (is it full?): %@", problem.detail)
        case .library:
            return t("A change from iCloud could not be added to your saved places: %@", problem.detail)
        }
    }

    // MARK: - Location

    /// What to tell a person whose position And Away cannot read, or nil when it can.
    public static func locationProblem(_ access: LocationAccess, in language: AppLanguage = .current) -> String? {
        let t = Localizer(.andAway, language)
        switch access {
        case .allowed:
            return nil
        case .denied:
            return t("Location is off for And Away, so places are found around the map instead of around you. Allow it in Settings.")
        case .restricted:
            return t("Location is restricted on this phone (Screen Time or a profile), so places are found around the map.")
        case .failed(let detail):
            return t("Your position could not be read: %@", detail)
        }
    }
}
