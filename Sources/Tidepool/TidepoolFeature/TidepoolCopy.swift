import Foundation
import LociLocalization
import TidepoolClient
import TidepoolKit

extension StringCatalog {
    /// Tidepool's words (`Localizable.xcstrings` beside this file), loaded once.
    static let tidepool = StringCatalog.bundled(in: .module)
}

/// Every sentence Tidepool's models make for a screen, in English or Finnish: the reporting
/// chip, the legend, the empty map, the privacy explainer, problems and their fixes.
///
/// Each function takes the language (the person's by default); numbers, distances, durations and
/// times go through `LociLocalization`'s formatters.
public enum TidepoolCopy {
    /// The catalog these words come from (its ``StringCatalog/loadFailure`` is nil when it loaded).
    public static var catalog: StringCatalog { .tidepool }

    // MARK: - Reporting

    /// The reporting chip's words for `state`.
    public static func summary(_ state: ReportingState, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return switch state {
        case .on: t("Sharing presence anonymously")
        case .pausedAtHome: t("Paused near Home")
        case .doneForToday: t("Done for now: the day's reports are used")
        case .off(.switchedOff): t("Off: switched off")
        case .off(.noPermission): t("Off: location not allowed")
        case .off(.noHome): t("Off: set Home first")
        }
    }

    /// When the last report went out: "Last shared at 9:41 AM".
    public static func lastShared(at date: Date, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("Last shared at %@", t.time(date))
    }

    /// Why the day's tokens could not be read or fetched, with the technical `detail`.
    public static func tokenProblem(_ kind: TokenProblem, detail: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return switch kind {
        case .keys: t("Could not read the server's keys: %@", detail)
        case .refused: t("The server refused the day's tokens: %@", detail)
        case .fetch: t("Could not fetch the day's tokens: %@", detail)
        }
    }

    /// A step of the token batch that can fail.
    public enum TokenProblem: Sendable, Equatable {
        /// Reading the published epoch keys.
        case keys
        /// The server refused the batch (`day_spent`, `already_issued`).
        case refused
        /// Any other failure of the batch.
        case fetch
    }

    /// A location permission in words.
    public static func permission(_ level: LocationAuthorization, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return switch level {
        case .notDetermined: t("Location: not asked yet")
        case .denied: t("Location: not allowed")
        case .restricted: t("Location: restricted on this phone")
        case .whenInUse: t("Location: while using the app")
        case .always: t("Location: always")
        }
    }

    /// Why a location request left reporting without a permission, and the fix (nil: granted).
    public static func permissionProblem(_ level: LocationAuthorization, in language: AppLanguage = .current) -> String? {
        let t = Localizer(.tidepool, language)
        return switch level {
        case .whenInUse, .always: nil
        case .notDetermined:
            t("iOS showed no question. Location Services may be off: turn them on in Settings, Privacy & Security.")
        case .denied: t("Location is not allowed. You can allow it in Settings at any time.")
        case .restricted: t("Location is restricted on this phone (Screen Time or a profile).")
        }
    }

    /// What went wrong with the location service, and what to do.
    public static func locationProblem(_ problem: LocationServiceProblem, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return switch problem {
        case .denied: t("Location was turned off for Tidepool. Allow it in Settings to share again.")
        case .network: t("The phone could not find its position (no network). Sharing resumes when it can.")
        case .unavailable(let detail): t("Location stopped working: %@. Sharing resumes with the next position.", detail)
        }
    }

    // MARK: - Heat

    /// How alike people are to the viewer.
    public static func likeness(_ likeness: MapHeatTile.Likeness, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return switch likeness {
        case .veryLikeYou: t("very like you")
        case .somewhatLikeYou: t("somewhat like you")
        case .notMuchLikeYou: t("not much like you")
        }
    }

    /// How busy a tile of `intensity` (0…1) is, in the words of the four bands of the legend.
    public static func heatLevel(_ intensity: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        let band = HeatPalette.bandIndex(for: intensity)
        return switch band {
        case 0: t("a few people")
        case 1: t("some people")
        case 2: t("busy")
        default: t("very busy")
        }
    }

    /// One tile for VoiceOver: "busy, about 12 people, very like you".
    public static func tile(_ tile: MapHeatTile, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t(
            "%1$@, about %2$@ people, %3$@", heatLevel(tile.intensity, in: language), t.number(tile.noisyCount),
            likeness(tile.likeness, in: language))
    }

    /// The heat in view for VoiceOver: how many places show and the busiest of them.
    public static func heatSummary(_ tiles: [MapHeatTile], in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        guard let busiest = tiles.max(by: { $0.intensity < $1.intensity }) else { return t("No heat in view") }
        return t(
            "%1$@ places with heat in view; the busiest: %2$@", t.number(tiles.count), tile(busiest, in: language))
    }

    /// The legend's line on the colour scale.
    static func legendColour(
        _ palette: HeatPalette, minutes: Int, counts: [Int], in language: AppLanguage
    ) -> String {
        let t = Localizer(.tidepool, language)
        var line =
            switch palette {
            case .standard:
                t(
                    "Colour is how many people were there in %@ minutes: teal for a few, amber, red for many.",
                    t.number(minutes))
            case .highContrast:
                t(
                    "Darker, more solid and more thickly edged is more people in %@ minutes: pale yellow for a few, dark navy for many.",
                    t.number(minutes))
            }
        if let low = counts.min(), let high = counts.max() {
            line +=
                " "
                + (high > low
                    ? t("In view: about %1$@ to %2$@ people a place.", t.number(low), t.number(high))
                    : t("In view: about %@ people.", t.number(high)))
        }
        return line
    }

    /// The legend's line on likeness.
    static func legendLikeness(
        personalised: Bool, facets: Bool, best: MapHeatTile.Likeness?, in language: AppLanguage
    ) -> String {
        let t = Localizer(.tidepool, language)
        if personalised && facets {
            if let best {
                return t(
                    "A stronger outline means the people there are more like you (by the interests in your profile); the most alike in view: %@.",
                    likeness(best, in: language))
            }
            return t("A stronger outline means the people there are more like you (by the interests in your profile).")
        }
        return facets
            ? t("Add interests to your profile to see where people like you are.")
            : t("This server shows counts only, not how alike people are to you.")
    }

    /// The legend's line on the threshold.
    static func legendThreshold(_ threshold: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t(
            "A place shows only when its count, with noise, reaches %@: quiet places and single people never show.",
            t.number(threshold))
    }

    /// The legend's line on noise and how long a picture stays.
    static func legendPrivacy(dayEpsilon: Double, ttlSeconds: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t(
            "Counts have random noise added on purpose, so no one person can be picked out (ε = %1$@ a day); each picture stays up to %2$@.",
            PrivacyExplainer.number(dayEpsilon, in: language), HeatLegend.duration(ttlSeconds, in: language))
    }

    /// "90 minutes", "24 hours".
    static func minutes(_ n: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t("%@ minutes", t.number(n), count: n)
    }

    /// "1 hour", "6 hours".
    static func hours(_ n: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t("%@ hours", t.number(n), count: n)
    }

    /// "1 second", "90 seconds".
    static func seconds(_ n: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t("%@ seconds", t.number(n), count: n)
    }

    // MARK: - The map

    /// The empty map's headline.
    public static func emptyTitle(in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("No heat here yet")
    }

    /// Why the map is empty; `suggesting`: places follow.
    public static func emptyMessage(minutes: Int, suggesting: Bool, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t(
            "Heat shows once enough people have been in a place during a %@-minute window.", t.number(minutes))
            + " " + (suggesting ? t("Places you might like nearby:") : t("Try zooming out, or come back later."))
    }

    /// The map's view is too large for heat.
    public static func zoomIn(in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("Zoom in to see heat.")
    }

    /// A tap found no place within `metres`.
    public static func noPlace(within metres: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("No place within %@ of the tap.", t.distance(metres: metres))
    }

    /// The line under the search box when the order is not personalised (`reason`: the server's).
    public static func notPersonalised(_ reason: String?, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("Not personalised: %@", reason ?? t("the server gave no reason"))
    }

    /// A rating outside 1…5.
    public static func badRating(_ stars: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("A rating is 1 to 5 stars, not %@.", t.number(stars))
    }

    /// A number of stars: "3 stars".
    public static func stars(_ n: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("%@ stars", t.number(n), count: n)
    }

    /// No rating given yet.
    public static func noRating(in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("No rating yet")
    }

    // MARK: - Profile

    /// A note longer than the limit.
    public static func noteTooLong(limit: Int, length: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("A note is at most %1$@ characters, not %2$@.", t.number(limit), t.number(length))
    }

    /// A note for a favourite the server has not saved yet.
    public static func noteWaiting(_ title: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("%@ is waiting to be sent; write its note once it is saved.", title)
    }

    /// A note's length against its limit: "12 of 500".
    public static func noteLength(_ length: Int, of limit: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("%1$@ of %2$@", t.number(length), t.number(limit))
    }

    /// Photos found no place of a kind Tidepool knows.
    public static func noKnownPlaces(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("None of your %@ photographed places is a kind of place Tidepool knows.", t.number(count))
    }

    /// Apple's map service could not say what is at any photographed place.
    public static func placeLookupFailed(_ detail: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        return t("Apple's map service could not be reached (%@). Check your connection and try again.", detail)
    }

    /// The person closed the sign-in sheet.
    public static func signInCancelled(in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("Sign-in cancelled")
    }

    /// The sign-in failed.
    public static func signInFailed(_ detail: String, in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("Sign-in failed: %@", detail)
    }

    // MARK: - Problems and their fixes

    /// A failure as a person reads it, and what to do about it.
    public static func problem(_ error: TidepoolSessionError, in language: AppLanguage = .current) -> TidepoolProblem {
        let t = Localizer(.tidepool, language)
        switch error {
        case .client(let client):
            return clientProblem(client, t: t)
        case .attestation(let failure):
            return TidepoolProblem(
                message: t("This phone could not prove it is a genuine iPhone (%@). Try again later.", failure.reason),
                fix: .retry)
        case .settings(let failure):
            return TidepoolProblem(
                message: t(
                    "Tidepool could not read or save its settings on this phone (%@). Free some space, then try again.",
                    failure.reason),
                fix: .freeSpace)
        case .other(_, let message):
            return TidepoolProblem(message: message, fix: .none)
        }
    }

    private static func clientProblem(_ error: TidepoolClientError, t: Localizer) -> TidepoolProblem {
        if error.isTransport {
            return TidepoolProblem(
                message: t("Tidepool cannot reach its server. Check your connection, then try again."), fix: .retry)
        }
        switch error {
        case .rateLimited, .storage, .deadlineExceeded, .internal, .unexpectedStatus, .unexpectedResponse:
            return TidepoolProblem(
                message: t("The server is busy or failing right now (%@). Try again in a moment.", "\(error)"),
                fix: .retry)
        case .credentials, .queue:
            return TidepoolProblem(
                message: t(
                    "Tidepool could not read or write its data on this phone (%@). Free some space, then try again.",
                    "\(error)"),
                fix: .freeSpace)
        case .notRegistered, .invalidCredentials:
            return TidepoolProblem(
                message: t("This phone is not registered with the server any more. Try again to register anew."),
                fix: .retry)
        default:
            return TidepoolProblem(message: t("The server refused: %@", "\(error)"), fix: .none)
        }
    }

    /// A launch problem in words.
    public static func launchProblem(_ problem: TidepoolLaunchProblem, in language: AppLanguage = .current)
        -> TidepoolProblem
    {
        let t = Localizer(.tidepool, language)
        return switch problem {
        case .storage(let detail):
            TidepoolProblem(
                message: t(
                    "Tidepool cannot keep files on this phone (%@): settings and favourites last only until it closes. Free some space, then open Tidepool again.",
                    detail),
                fix: .freeSpace)
        case .interests(let detail):
            TidepoolProblem(
                message: t(
                    "Tidepool's list of interests could not be read (%@), so interests cannot be chosen. Reinstall Tidepool from the App Store.",
                    detail),
                fix: .reinstall)
        case .integrations(let detail):
            TidepoolProblem(
                message: t(
                    "Tidepool's interest model could not be read (%@), so Spotify and Photos cannot be connected. Reinstall Tidepool from the App Store.",
                    detail),
                fix: .reinstall)
        }
    }

    /// The button that hides a notice.
    public static func dismiss(in language: AppLanguage = .current) -> String {
        Localizer(.tidepool, language)("Dismiss")
    }

    /// The words of a fix's button.
    public static func fix(_ fix: TidepoolProblem.Fix, in language: AppLanguage = .current) -> String? {
        let t = Localizer(.tidepool, language)
        return switch fix {
        // Free space: the message says how; the button tries again once there is room.
        case .retry, .freeSpace: t("Try again")
        case .openSettings: t("Open Settings")
        case .reinstall, .none: nil
        }
    }
}

/// A failure as a screen shows it: what happened, and the fix a button offers.
public struct TidepoolProblem: Sendable, Equatable {
    /// What a person can do about it.
    public enum Fix: Sendable, Equatable {
        /// Try the step again.
        case retry
        /// Open the Settings app (a permission).
        case openSettings
        /// Free space on the phone (Settings → General → iPhone Storage).
        case freeSpace
        /// Reinstall the app (its bundle is damaged).
        case reinstall
        /// Nothing to press.
        case none
    }

    /// The sentence.
    public var message: String
    /// The fix offered.
    public var fix: Fix

    /// A problem saying `message`, offering `fix`.
    public init(message: String, fix: Fix) {
        self.message = message
        self.fix = fix
    }
}

/// Something the app could not set up at launch; the app still runs, with less.
public enum TidepoolLaunchProblem: Sendable, Equatable {
    /// Application Support could not be opened: files go to a temporary folder.
    case storage(String)
    /// The bundled interest vocabulary could not be read: no interests can be chosen.
    case interests(String)
    /// The bundled interest model could not be read: no integration can be connected.
    case integrations(String)
}

/// Why the phone's location service failed, as the live adapter reports it.
public enum LocationServiceProblem: Sendable, Equatable {
    /// The person turned location off for the app (or for the phone).
    case denied
    /// No network to find the position with.
    case network
    /// Any other failure, with its text.
    case unavailable(String)

}

extension TidepoolCopy {
    /// An interest category in words: "music" → "Music" / "Musiikki"; an unknown one as written.
    public static func interestCategory(_ category: String, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        switch category {
        case "music": return t("Music")
        case "cuisine": return t("Cuisine")
        case "venue": return t("Venue")
        case "activity": return t("Activity")
        case "culture": return t("Culture")
        case "lifestyle": return t("Lifestyle")
        case "food": return t("Food")
        default: return category
        }
    }
}
