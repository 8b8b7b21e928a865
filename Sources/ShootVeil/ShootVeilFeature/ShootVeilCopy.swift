import Foundation
import IdentifyKit
import LociLocalization

extension StringCatalog {
    /// ShootVeilFeature's words (`Localizable.xcstrings` beside this file), loaded once.
    static let shootVeil = StringCatalog.bundled(in: .module)
}

/// The words ShootVeil's screens show, in one place, in English or Finnish: every function takes
/// the language (the person's by default); numbers, distances and percentages go through
/// ``LociLocalization/Localizer``'s formatters.
public enum ShootVeilCopy {
    /// Whether this module's catalog loaded (`nil`) or why not (then English is shown).
    public static var catalogFailure: String? { StringCatalog.shootVeil.loadFailure }

    /// Why a tap cannot identify now, and what to do about it.
    public static func blocker(_ blocker: ViewfinderBlocker, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch blocker {
        case .attitudeUnavailable: return t("This iPhone cannot tell where true north is, so ShootVeil cannot aim.")
        case .locationDenied:
            return t("ShootVeil needs your location to know what is in front of you. Allow it in Settings.")
        case .waitingForLocation: return t("Finding where you are…")
        case .locationTooCoarse(let accuracy):
            return t(
                "Your location is only good to %@. Step into the open and wait a moment.",
                t.distance(metres: accuracy))
        case .waitingForHeading: return t("Reading the compass…")
        case .compassNeedsCalibration: return calibrationAdvice(in: language)
        case .waitingForAttitude: return t("Reading the phone's tilt…")
        case .cameraNotRunning: return t("Starting the camera…")
        }
    }

    /// What the calibration prompt asks for.
    public static func calibrationAdvice(in language: AppLanguage = .current) -> String {
        Localizer(.shootVeil, language)(
            "The compass is off. Move the phone in a figure of eight, away from metal and magnets, then aim again.")
    }

    /// The calibration prompt's title line ("Compass ±35°, needs ±20°").
    public static func calibration(_ prompt: CalibrationPrompt, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        let needed = t.number(Int(prompt.threshold.rounded()))
        guard let accuracy = prompt.accuracy else { return t("Compass not ready; needs ±%@°", needed) }
        return t("Compass ±%1$@°, needs ±%2$@°", t.number(Int(accuracy.rounded())), needed)
    }

    /// "3 free identifications left this month", or the unlimited line ("" when unknown).
    public static func allowance(
        freeRemaining: Int?, entitlement: Entitlement, in language: AppLanguage = .current
    ) -> String {
        let t = Localizer(.shootVeil, language)
        if entitlement.isUnlimited { return t("Unlimited identifications") }
        guard let left = freeRemaining else { return "" }
        return t("%@ free identifications left this month", t.number(left), count: left)
    }

    /// A confidence as a whole percentage ("62%" / "62 %").
    public static func confidence(_ value: Double, in language: AppLanguage = .current) -> String {
        Localizer(.shootVeil, language).percent(value)
    }

    /// A confidence in words, so it never rests on colour alone ("High confidence").
    public static func confidenceLevel(_ level: ConfidenceLevel, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch level {
        case .high: return t("High confidence")
        case .medium: return t("Medium confidence")
        case .low: return t("Low confidence")
        }
    }

    /// What a candidate is ("Building", "Landmark", "Aircraft").
    public static func kind(_ kind: IdentificationCandidate.Kind, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch kind {
        case .building: return t("Building")
        case .landmark: return t("Landmark")
        case .aircraft: return t("Aircraft")
        }
    }

    /// A distance in metres or kilometres ("240 m", "1.2 km" / "1,2 km").
    public static func distance(_ metres: Double, in language: AppLanguage = .current) -> String {
        Localizer(.shootVeil, language).distance(metres: metres)
    }

    /// A direction: compass point, azimuth and elevation ("NE 42°, 12° up" / "KO 42°, 12° ylös").
    public static func direction(azimuth: Double, elevation: Double, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        let points = [t("N"), t("NE"), t("E"), t("SE"), t("S"), t("SW"), t("W"), t("NW")]
        let normalised = (azimuth.truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
        let index = Int(((normalised + 22.5) / 45).rounded(.down)) % 8
        let point = points[index]
        let degrees = t.number(Int(azimuth.rounded()))
        return elevation >= 0
            ? t("%1$@ %2$@°, %3$@° up", point, degrees, t.number(Int(elevation.rounded())))
            : t("%1$@ %2$@°, %3$@° down", point, degrees, t.number(Int((-elevation).rounded())))
    }

    /// What the area card says ShootVeil needs an area for.
    public static func areaUse(in language: AppLanguage = .current) -> String {
        Localizer(.shootVeil, language)("Identifying buildings and landmarks")
    }

    /// The paywall's activity line ("" when idle; a failure's own sentence).
    public static func paywallActivity(_ activity: PaywallModel.Activity, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch activity {
        case .idle: return ""
        case .purchasing: return t("Buying…")
        case .restoring: return t("Restoring…")
        case .pending: return t("Waiting for approval. You will be told when it goes through.")
        case .failed(let reason): return reason
        }
    }
}

/// How sure the engine is of a candidate, in three steps a person can read without colour.
public enum ConfidenceLevel: String, Sendable, Hashable, CaseIterable {
    /// 60 % or more.
    case high
    /// 25 % to 60 %.
    case medium
    /// Under 25 %.
    case low

    /// The level of a confidence (0…1).
    public init(_ confidence: Double) {
        self = confidence >= 0.6 ? .high : confidence >= 0.25 ? .medium : .low
    }
}
