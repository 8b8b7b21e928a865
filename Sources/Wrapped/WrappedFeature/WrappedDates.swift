import LociLocalization
import WrappedKit

/// Dates, months, weekdays and hours as Photo Wrapped's cards say them, from the catalog: the
/// English forms are the deck builder's ("14 June 2025", "Saturday, 14 June 2025", "June 2025",
/// "5 pm"), the Finnish ones Finnish ("14. kesäkuuta 2025", "lauantai 14. kesäkuuta 2025",
/// "Kesäkuu 2025", "17"). A month's name is inflected differently in a date and alone, so each
/// form is its own key.
///
/// Years are written as their digits (`String(year)`): a year is a name, not a quantity, and
/// grouping it ("2,025") would be wrong in every language.
enum WrappedDates {
    /// "14 June 2025".
    static func medium(_ date: LocalDate, _ t: Localizer) -> String {
        let day = t.number(date.day)
        let year = String(date.year)
        switch date.month {
        case 1: return t("%1$@ January %2$@", day, year)
        case 2: return t("%1$@ February %2$@", day, year)
        case 3: return t("%1$@ March %2$@", day, year)
        case 4: return t("%1$@ April %2$@", day, year)
        case 5: return t("%1$@ May %2$@", day, year)
        case 6: return t("%1$@ June %2$@", day, year)
        case 7: return t("%1$@ July %2$@", day, year)
        case 8: return t("%1$@ August %2$@", day, year)
        case 9: return t("%1$@ September %2$@", day, year)
        case 10: return t("%1$@ October %2$@", day, year)
        case 11: return t("%1$@ November %2$@", day, year)
        default: return t("%1$@ December %2$@", day, year)
        }
    }

    /// "Saturday, 14 June 2025".
    static func long(_ date: LocalDate, _ t: Localizer) -> String {
        t("%1$@, %2$@", weekday(date.weekday, t), medium(date, t))
    }

    /// "June 2025" (a headline: capitalised in every language).
    static func month(_ month: Int, year: Int, _ t: Localizer) -> String {
        let year = String(year)
        switch month {
        case 1: return t("January %@", year)
        case 2: return t("February %@", year)
        case 3: return t("March %@", year)
        case 4: return t("April %@", year)
        case 5: return t("May %@", year)
        case 6: return t("June %@", year)
        case 7: return t("July %@", year)
        case 8: return t("August %@", year)
        case 9: return t("September %@", year)
        case 10: return t("October %@", year)
        case 11: return t("November %@", year)
        default: return t("December %@", year)
        }
    }

    /// "Saturday" (1 = Monday … 7 = Sunday).
    static func weekday(_ weekday: Int, _ t: Localizer) -> String {
        switch weekday {
        case 1: return t("Monday")
        case 2: return t("Tuesday")
        case 3: return t("Wednesday")
        case 4: return t("Thursday")
        case 5: return t("Friday")
        case 6: return t("Saturday")
        default: return t("Sunday")
        }
    }

    /// "Saturdays." as a headline.
    static func weekdayHeadline(_ weekday: Int, _ t: Localizer) -> String {
        switch weekday {
        case 1: return t("Mondays.")
        case 2: return t("Tuesdays.")
        case 3: return t("Wednesdays.")
        case 4: return t("Thursdays.")
        case 5: return t("Fridays.")
        case 6: return t("Saturdays.")
        default: return t("Sundays.")
        }
    }

    /// "Saturdays" inside a sentence ("12 photos on Saturdays.").
    static func weekdays(_ weekday: Int, _ t: Localizer) -> String {
        switch weekday {
        case 1: return t("Mondays")
        case 2: return t("Tuesdays")
        case 3: return t("Wednesdays")
        case 4: return t("Thursdays")
        case 5: return t("Fridays")
        case 6: return t("Saturdays")
        default: return t("Sundays")
        }
    }

    /// An hour of the day: "5 pm", "12 am" in English (the 12-hour clock), "17", "0" in Finnish
    /// (the 24-hour clock).
    static func hour(_ hour: Int, _ t: Localizer) -> String {
        let h = (hour % 24 + 24) % 24
        guard t.language == .english else { return t.number(h) }
        let twelve = t.number(h % 12 == 0 ? 12 : h % 12)
        return h < 12 ? t("%@ am", twelve) : t("%@ pm", twelve)
    }
}
