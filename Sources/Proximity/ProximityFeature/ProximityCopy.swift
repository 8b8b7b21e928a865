import GeoKit
import LociLocalization
import ProximityKit

extension StringCatalog {
    /// Proximity's words (`Localizable.xcstrings` beside this file; loaded once).
    static let proximity = StringCatalog.bundled(in: .module)
}

/// The words Proximity's screens show, in one place, in English and Finnish
/// (`Localizable.xcstrings`). Numbers and distances go through the ``Localizer`` formatters.
public enum ProximityCopy {
    /// The module's catalog, for a test that it loads (`loadFailure == nil`).
    public static var catalog: StringCatalog { .proximity }

    /// What a permission level means for the user, and what it loses, in plain words.
    public static func permission(_ level: LocationAuthorization, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        switch level {
        case .always:
            return t("Alerts arrive in the background, even after a restart.")
        case .whenInUse:
            return t(
                "Alerts only while Proximity is open: iOS will not wake it near your places. Choose Always in Settings to be told with the phone in your pocket."
            )
        case .denied:
            return t("No alerts: Proximity cannot see where you are. Allow location in Settings.")
        case .notDetermined:
            return t("Proximity needs your location to tell you when a saved place is near.")
        }
    }

    /// Why alerts come late: the honest latency of background wake-ups, for a trip radius in metres.
    public static func latency(radius: Double, refreshRadius: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        let warning = max(0, (radius - refreshRadius).rounded())
        return t(
            "With a %1$@ radius you are told at best about %2$@ before a place, and often a minute or two late.",
            t.distance(metres: radius.rounded()), t.distance(metres: warning))
    }

    /// "60.17000, 24.94000": a position to 5 decimals (about 1 m). Not localised: it is also a
    /// dropped pin's id (`pin:60.17000,24.94000`), the same in every language.
    public static func coordinates(_ coordinate: Coordinate) -> String {
        "\(fixed(coordinate.latitude)), \(fixed(coordinate.longitude))"
    }

    /// The name of a dropped pin the geocoder could not name: "Dropped pin 60.17000, 24.94000".
    public static func droppedPin(_ coordinate: Coordinate, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("Dropped pin %@", coordinates(coordinate))
    }

    private static func fixed(_ degrees: Double) -> String {
        let scaled = (degrees * 100_000).rounded()
        let sign = scaled < 0 ? "-" : ""
        let magnitude = Int(abs(scaled))
        let fraction = String(magnitude % 100_000)
        return "\(sign)\(magnitude / 100_000).\(String(repeating: "0", count: 5 - fraction.count))\(fraction)"
    }

    /// A trip's progress: "3 of 12 visited".
    public static func progress(_ visited: Int, of total: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        return t("%1$@ of %2$@ visited", t.number(visited), t.number(total))
    }

    /// "1 place", "12 places": a trip's size.
    public static func placeCount(_ count: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        return t("%@ places", t.number(count), count: count)
    }

    /// "12 of 60 places watched now".
    public static func monitored(_ count: Int, of total: Int, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        return t("%1$@ of %2$@ places watched now", t.number(count), t.number(total))
    }

    // MARK: - Alerts

    /// The planner's notification in `language`: "Blue Bottle Coffee — 350 m northeast" for one
    /// place, "3 places nearby" with a line each (at most `groupLimit`, then "and 2 more"). Distances
    /// are rounded as the planner rounds them (to 1 m under 100 m, to 10 m under 1 km) and
    /// formatted by the ``Localizer``. When a place is no longer in `places`, the planner's own
    /// (English) words are kept.
    public static func alert(
        _ notification: ProximityNotification, places: (String) -> SavedPlace?, groupLimit: Int,
        in language: AppLanguage = .current
    ) -> ProximityNotification {
        let t = Localizer(.proximity, language)
        var localized = notification
        var lines: [String] = []
        for (index, id) in notification.placeIDs.prefix(groupLimit).enumerated() {
            guard let place = places(id), notification.distances.indices.contains(index) else { return notification }
            let bearing = Spherical.initialBearing(from: notification.at, to: place.coordinate)
            lines.append(t("%1$@ — %2$@", place.name, whereabouts(distance: notification.distances[index], bearing: bearing, t)))
        }
        let count = notification.placeIDs.count
        if count > groupLimit { lines.append(t("and %@ more", t.number(count - groupLimit))) }
        if count > 1 { localized.title = t("%@ places nearby", t.number(count)) }
        localized.lines = lines
        return localized
    }

    /// "350 m northeast" (eight compass points), "here" under a metre.
    static func whereabouts(distance: Double, bearing: Double, _ t: Localizer) -> String {
        if distance < 1 { return t("here") }
        let rounded = distance < 100 ? distance.rounded() : distance < 995 ? (distance / 10).rounded() * 10 : distance
        let metres = t.distance(metres: rounded)
        switch Compass.name(for: bearing) {
        case "north": return t("%@ north", metres)
        case "northeast": return t("%@ northeast", metres)
        case "east": return t("%@ east", metres)
        case "southeast": return t("%@ southeast", metres)
        case "south": return t("%@ south", metres)
        case "southwest": return t("%@ southwest", metres)
        case "west": return t("%@ west", metres)
        case "northwest": return t("%@ northwest", metres)
        default: return metres
        }
    }

    /// The place alert's category with its buttons in `language` (Navigate, Snooze 1 hour); the
    /// same ids as ``ProximityKit/NotificationCategory/place``.
    public static func placeCategory(in language: AppLanguage = .current) -> NotificationCategory {
        let t = Localizer(.proximity, language)
        let titles = [
            NotificationCategory.navigateAction: t("Navigate"), NotificationCategory.snoozeAction: t("Snooze 1 hour"),
        ]
        var category = NotificationCategory.place
        category.actions = category.actions.map { action in
            var action = action
            action.title = titles[action.id] ?? action.title
            return action
        }
        return category
    }

    // MARK: - Failures a screen shows

    /// A refused trip or place field as a sentence a person can act on ("Give the trip a name.");
    /// a field or wording this does not know keeps the validation's own (English) description.
    public static func fieldError(_ error: ProximityFieldError, in language: AppLanguage = .current) -> String {
        let t = Localizer(.proximity, language)
        let message = error.message
        switch error.field {
        case "name" where message.hasPrefix("must not be empty"): return t("Give it a name.")
        case "name" where message.hasPrefix("is longer than"): return t("The name is longer than %@ characters.", t.number(200))
        case "alert_radius_m", "radius_m":
            return t("The alert radius must be between %1$@ and %2$@.", t.distance(metres: 50), t.distance(metres: 50_000))
        case "start_date": return t("A date is not valid.")
        case "end_date" where message.contains("is not a date"): return t("A date is not valid.")
        case "end_date" where message.contains("is before"): return t("The trip ends before it starts.")
        case "time_zone": return t("The trip's time zone is not known.")
        case "quiet_hours": return t("Quiet hours must start and end at different times.")
        case "note" where message.hasPrefix("is longer than"):
            return t("The note is longer than %@ characters.", t.number(TripValidation.noteLimit))
        default: return error.description
        }
    }

    /// A place search failed: "Search for “cafe” failed: …".
    public static func searchFailed(_ text: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("Search for “%1$@” failed: %2$@", text, reason)
    }

    /// Opening an alert could not mark its place visited.
    public static func markVisitedFailed(_ place: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("Could not mark %1$@ visited: %2$@", place, reason)
    }

    /// Navigate asked for a place that is no longer saved.
    public static func unknownPlace(_ placeID: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("Cannot open directions: “%@” is no longer a saved place.", placeID)
    }

    /// A file that could not be read: "walk.gpx: …".
    public static func fileRefused(_ fileName: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("%1$@ could not be read: %2$@", fileName, reason)
    }

    /// The location permission request showed no prompt (not a refusal: iOS could not ask,
    /// usually because Location Services are off).
    public static func permissionRequestFailed(in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)(
            "Could not ask for location access: iOS showed no prompt. Turn on Location Services in Settings, then try again.")
    }

    /// The request to show alerts failed (not a refusal: the system could not ask).
    public static func alertsRequestFailed(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("Could not ask to show alerts: %@. Allow notifications for Proximity in Settings.", reason)
    }

    /// An alert could not be posted.
    public static func alertNotPosted(_ title: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)(
            "The alert “%1$@” could not be shown: %2$@. Allow notifications for Proximity in Settings.", title, reason)
    }

    /// An exported place file could not be written for the share sheet.
    public static func exportNotWritten(_ fileName: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)(
            "%1$@ could not be saved for sharing: %2$@. Free some space on the phone, then try again.", fileName, reason)
    }

    /// A place could not be watched (the OS refused a region).
    public static func regionRefused(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)("A place could not be watched: %@", reason)
    }

    /// Low Power Mode is on: what Proximity does differently.
    public static func lowPower(in language: AppLanguage = .current) -> String {
        Localizer(.proximity, language)(
            "Low Power Mode is on: Proximity checks where you are less often, so an alert may come later.")
    }
}
