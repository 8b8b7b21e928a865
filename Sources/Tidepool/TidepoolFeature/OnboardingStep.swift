/// The onboarding's steps, in the order they are shown.
public enum OnboardingStep: Int, Sendable, CaseIterable, Comparable {
    /// What Tidepool shares and never shares, with the live privacy numbers.
    case sharing
    /// Location permission: When In Use, then Always for background reporting.
    case location
    /// Home on a map with the guard circle.
    case home
    /// Connecting integrations (optional).
    case integrations
    /// Declaring interests from the vocabulary.
    case interests
    /// Done: registered, profile set, settings saved.
    case finished

    /// Orders steps as shown.
    public static func < (lhs: OnboardingStep, rhs: OnboardingStep) -> Bool { lhs.rawValue < rhs.rawValue }
}
