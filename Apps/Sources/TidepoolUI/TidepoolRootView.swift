import LociUI
import SwiftUI
import TidepoolFeature

/// The app's root: while the launch reads the settings, a spinner; if it failed, what failed
/// and Retry (never a first launch for a returning person); then onboarding until it is done,
/// then the map and the profile in tabs. After "delete everything" the session's settings are
/// first-launch ones again and onboarding shows. What the app could not set up at launch shows
/// above, until dismissed.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct TidepoolRootView: View {
    @Bindable var session: TidepoolSession
    let onboarding: () -> OnboardingModel
    let profile: () -> ProfileModel
    let map: TidepoolMapModel

    /// A root over `session`; `onboarding` and `profile` make a fresh model each time the
    /// screen appears, `map` is the map screen's model.
    public init(
        session: TidepoolSession, map: TidepoolMapModel, onboarding: @escaping () -> OnboardingModel,
        profile: @escaping () -> ProfileModel
    ) {
        self.session = session
        self.map = map
        self.onboarding = onboarding
        self.profile = profile
    }

    public var body: some View {
        VStack(spacing: 0) {
            ForEach(Array(session.launchProblems.enumerated()), id: \.offset) { _, problem in
                NoticeBanner(
                    TidepoolCopy.launchProblem(problem).message, systemImage: "exclamationmark.triangle",
                    action: (title: TidepoolCopy.dismiss(), perform: { session.dismiss(problem) }))
            }
            content
        }
    }

    @ViewBuilder private var content: some View {
        if session.launchFailed, let error = session.lastError {
            LaunchFailureView(problem: TidepoolCopy.problem(error)) { Task { await session.launch() } }
        } else if session.registration == .unknown {
            ProgressView("Opening Tidepool…")
        } else if session.settings.onboardingCompleted {
            TabView {
                TidepoolMapScreen(model: map, session: session)
                    .tabItem { Label("Map", systemImage: "map") }
                NavigationStack { ProfileView(model: profile(), reporting: map.reporting, session: session) }
                    .tabItem { Label("You", systemImage: "person.crop.circle") }
            }
        } else {
            OnboardingView(model: onboarding())
        }
    }
}

/// The launch failed: what failed, in words, and the button that fixes it (Retry).
struct LaunchFailureView: View {
    let problem: TidepoolProblem
    let retry: () -> Void

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: "exclamationmark.triangle").font(.largeTitle).accessibilityHidden(true)
            Text("Tidepool could not open").font(.title2.bold()).accessibilityAddTraits(.isHeader)
            Text(problem.message).multilineTextAlignment(.center)
            if let fix = TidepoolCopy.fix(problem.fix) {
                Button(fix, action: retry).buttonStyle(.borderedProminent)
            }
        }
        .padding()
    }
}
