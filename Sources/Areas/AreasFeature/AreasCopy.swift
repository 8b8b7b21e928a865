import Foundation
import LociLocalization

extension StringCatalog {
    /// AreasFeature's catalog (loaded once; an unreadable catalog answers the English keys).
    static let areas = StringCatalog.bundled(in: .module)
}

/// The area screens' words, in one place, in English and Finnish (`Localizable.xcstrings` beside
/// this file). Every function takes the language, the person's by default; sizes go through the
/// language's number format ("12.3 MB" / "12,3 Mt").
public enum AreasCopy {
    /// The "no area on this phone" card's title.
    public static func noAreaTitle(in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)("No area on this phone")
    }

    /// Why the app needs an area, by what it does with one (`use`: "Identifying buildings", in
    /// the same language).
    public static func noAreaExplanation(for use: String, in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)("%@ works offline from an area downloaded to this phone. None is here yet.", use)
    }

    /// The nearest area offered, with its size.
    public static func nearest(_ name: String, bytes: Int64, in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)("Nearest: %1$@, %2$@", name, size(bytes, in: language))
    }

    /// A byte count as the list shows it, in decimal units: "820 KB", "12.3 MB", "1.3 GB"
    /// (Finnish: "820 kt", "12,3 Mt", "1,3 Gt"); tenths rounded half away from zero.
    public static func size(_ bytes: Int64, in language: AppLanguage = .current) -> String {
        let t = Localizer(.areas, language)
        let value = Double(bytes)
        if bytes < 1_000 { return t("%@ bytes", t.number(Int(bytes)), count: Int(bytes)) }
        if bytes < 1_000_000 { return t("%@ KB", t.number(Int((value / 1_000).rounded()))) }
        if bytes < 1_000_000_000 { return t("%@ MB", tenths(value / 1_000_000, t)) }
        return t("%@ GB", tenths(value / 1_000_000_000, t))
    }

    private static func tenths(_ value: Double, _ t: Localizer) -> String {
        t.number((value * 10).rounded() / 10, fractionDigits: 1)
    }

    /// The disk-use line at the bottom of the list.
    public static func diskUse(_ bytes: Int64, in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)("Areas use %@ on this phone", size(bytes, in: language))
    }

    /// The server could not be reached (`reason`: the transport's words, shown as they are).
    public static func offline(_ reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)(
            "Offline: the area server could not be reached. Downloaded areas keep working. (%@)", reason)
    }

    /// A downloaded file was refused.
    public static func refused(area: String, reason: String, in language: AppLanguage = .current) -> String {
        Localizer(.areas, language)("The download of %1$@ was refused and not installed: %2$@", area, reason)
    }
}
