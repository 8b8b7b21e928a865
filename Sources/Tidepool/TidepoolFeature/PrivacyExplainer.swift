import Foundation
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

    /// What leaves the phone, one line each.
    public var shares: [String] {
        var lines = [
            "At most one anonymous report every \(epochLength): the map square you are in, nothing finer.",
            "The report carries a one-time token that proves it comes from a real phone but not from which one: no account, device id or cookie is attached.",
        ]
        if let facetCount {
            lines.append(
                "With it, which of \(facetCount) broad interest groups is closest to yours; never your interests themselves."
            )
        }
        lines.append(
            "Your interests and favourites, to your private account, only to personalise what you see; you can export or delete them at any time."
        )
        return lines
    }

    /// What never leaves the phone, one line each.
    public var neverShares: [String] {
        [
            "Your exact position or your route: only the square, once per \(epochLength).",
            "Your Home: it stays on this phone, and nothing is reported within its guard circle.",
            "Who you are: reports are not linked to your account, to each other, or to this phone.",
        ]
    }

    /// The guarantee, with the numbers.
    public var guarantee: String {
        "Every \(epochLength) map is released with random noise, so that whether you were in it changes "
            + "what anyone sees by at most ε = \(Self.number(epochEpsilon)) (and only with probability "
            + "\(Self.chance(epochDelta)) by more). Over a whole day that adds up to at most ε = "
            + "\(Self.number(dayEpsilon)), δ = \(Self.chance(dayDelta)). Squares with fewer than "
            + "\(minimumCount) people are never shown."
    }

    /// A number with at most two significant digits and no trailing zeros: 2, 1.9, 0.25, 190.
    public static func number(_ value: Double) -> String {
        guard value.isFinite, value > 0 else { return value == 0 ? "0" : "\(value)" }
        let magnitude = Int(floor(log10(value)))
        if magnitude >= 1 {
            let unit = pow(10, Double(magnitude - 1))
            return grouped(Int((value / unit).rounded() * unit))
        }
        let decimals = 1 - magnitude
        let scale = pow(10, Double(decimals))
        let rounded = (value * scale).rounded() / scale
        var text = String(format: "%.\(decimals)f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// A small probability as "1 in 100,000" (the reciprocal to two significant digits).
    public static func chance(_ probability: Double) -> String {
        guard probability > 0, probability.isFinite else { return "0" }
        guard probability < 0.5 else { return number(probability) }
        let reciprocal = 1 / probability
        let magnitude = Int(floor(log10(reciprocal)))
        let unit = pow(10, Double(max(0, magnitude - 1)))
        return "1 in \(grouped(Int((reciprocal / unit).rounded() * unit)))"
    }

    /// Seconds as a person says them.
    public static func duration(_ seconds: Int) -> String {
        func plural(_ n: Int, _ word: String) -> String { n == 1 ? "1 \(word)" : "\(n) \(word)s" }
        if seconds % 3600 == 0 { return plural(seconds / 3600, "hour") }
        if seconds % 60 == 0 { return plural(seconds / 60, "minute") }
        return plural(seconds, "second")
    }

    /// An integer with comma thousands separators (the same on every locale, so tests can read it).
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return value < 0 ? "-" + out : out
    }
}
