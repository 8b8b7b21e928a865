import Foundation
import LociLocalization
import TidepoolClient

/// What Tidepool shares and never shares, in plain words, with the live numbers the server
/// publishes at `GET /v1/privacy`: made once from the answer, shown by onboarding and the
/// profile's explainer alike.
///
/// The figures are the server's, never constants here: change the server's ε and the text
/// changes with it.
public struct PrivacyExplainer: Sendable, Equatable {
    /// ε per person per epoch.
    public var epochEpsilon: Double
    /// δ per person per epoch.
    public var epochDelta: Double
    /// ε per device (App Attest key) over any 24 hours, composed over the epochs it holds tokens
    /// for (the server caps them over any day's worth of consecutive epochs, not per UTC day).
    public var dayEpsilon: Double
    /// δ per device over any 24 hours.
    public var dayDelta: Double
    /// The epoch's length, seconds.
    public var epochSeconds: Int
    /// The fewest people a tile must have before it is shown.
    public var minimumCount: Int
    /// How many interest groups a report may name (nil on a count-only server).
    public var facetCount: Int?

    /// The explainer for the server's published parameters.
    public init(_ privacy: TidepoolPrivacy) {
        epochEpsilon = privacy.epochEpsilon
        epochDelta = privacy.epochDelta
        dayEpsilon = privacy.dayEpsilon
        dayDelta = privacy.dayDelta
        epochSeconds = privacy.epochSeconds
        minimumCount = privacy.kMin
        facetCount = privacy.accountingSteps.map(\.facetCount).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The epoch's length for a person: "15 minutes", "1 hour", "90 seconds".
    public var epochLength: String { Self.duration(epochSeconds) }

    /// What leaves the phone, one line each, in the person's language.
    public var shares: [String] { shares(in: .current) }

    /// What leaves the phone, one line each, in `language`.
    public func shares(in language: AppLanguage) -> [String] {
        let t = Localizer(.tidepool, language)
        let period = Self.period(epochSeconds, in: language)
        var lines = [
            t("At most one anonymous report every %@: the map square you are in, nothing finer.", period),
            t(
                "The report carries a one-time token that proves it comes from a real phone but not from which one: no account, device id or cookie is attached."
            ),
        ]
        if let facetCount {
            lines.append(
                t(
                    "With it, which of %@ broad interest groups is closest to yours; never your interests themselves.",
                    t.number(facetCount)))
        }
        lines.append(
            t(
                "Your interests and favourites, to your private account, only to personalise what you see; you can export or delete them at any time."
            ))
        return lines
    }

    /// What never leaves the phone, one line each, in the person's language.
    public var neverShares: [String] { neverShares(in: .current) }

    /// What never leaves the phone, one line each, in `language`.
    public func neverShares(in language: AppLanguage) -> [String] {
        let t = Localizer(.tidepool, language)
        return [
            t("Your exact position or your route: only the square, once per %@.", Self.period(epochSeconds, in: language)),
            t("Your Home: it stays on this phone, and nothing is reported within its guard circle."),
            t("Who you are: reports are not linked to your account, to each other, or to this phone."),
        ]
    }

    /// The guarantee, with the numbers, in the person's language.
    public var guarantee: String { guarantee(in: .current) }

    /// The guarantee, with the numbers, in `language`.
    public func guarantee(in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        return t(
            "Every %1$@ map is released with random noise, so that whether you were in it changes what anyone sees by at most ε = %2$@ (and only with probability %3$@ by more). Over a whole day that adds up to at most ε = %4$@, δ = %5$@. Squares with fewer than %6$@ people are never shown.",
            Self.period(epochSeconds, in: language), Self.number(epochEpsilon, in: language),
            Self.chance(epochDelta, in: language), Self.number(dayEpsilon, in: language),
            Self.chance(dayDelta, in: language), t.number(minimumCount))
    }

    /// A number with at most two significant digits and no trailing zeros: 2, 1.9, 0.25, 190
    /// (a decimal comma in Finnish: 1,9).
    public static func number(_ value: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        guard value.isFinite, value > 0 else { return value == 0 ? t.number(0) : "\(value)" }
        let magnitude = Int(floor(log10(value)))
        if magnitude >= 1 {
            let unit = pow(10, Double(magnitude - 1))
            return t.number(Int((value / unit).rounded() * unit))
        }
        let decimals = 1 - magnitude
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        // The fewest decimals that still say the rounded value (0.25, 0.3, 2).
        var shown = decimals
        while shown > 0, ((rounded * pow(10, Double(shown - 1))).rounded() / pow(10, Double(shown - 1))) == rounded {
            shown -= 1
        }
        return t.number(rounded, fractionDigits: shown)
    }

    /// A small probability as "1 in 100,000" (the reciprocal to two significant digits).
    public static func chance(_ probability: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.tidepool, language)
        guard probability > 0, probability.isFinite else { return t.number(0) }
        guard probability < 0.5 else { return number(probability, in: language) }
        let reciprocal = 1 / probability
        let magnitude = Int(floor(log10(reciprocal)))
        let unit = pow(10, Double(max(0, magnitude - 1)))
        return t("1 in %@", t.number(Int((reciprocal / unit).rounded() * unit)))
    }

    /// Seconds as a person says them: "15 minutes", "1 hour", "90 seconds".
    public static func duration(_ seconds: Int, in language: AppLanguage = .current) -> String {
        if seconds % 3600 == 0 { return TidepoolCopy.hours(seconds / 3600, in: language) }
        if seconds % 60 == 0 { return TidepoolCopy.minutes(seconds / 60, in: language) }
        return TidepoolCopy.seconds(seconds, in: language)
    }

    /// The epoch as the sentences name it ("every 15 minutes": in Finnish the genitive,
    /// "15 minuutin välein").
    static func period(_ seconds: Int, in language: AppLanguage) -> String {
        let t = Localizer(.tidepool, language)
        if seconds % 3600 == 0 { return t("%@ hours (a period)", t.number(seconds / 3600), count: seconds / 3600) }
        if seconds % 60 == 0 { return t("%@ minutes (a period)", t.number(seconds / 60), count: seconds / 60) }
        return t("%@ seconds (a period)", t.number(seconds), count: seconds)
    }
}
