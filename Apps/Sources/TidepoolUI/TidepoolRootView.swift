import SwiftUI
import TidepoolFeature

/// The app's root: onboarding until it is done, then the map and the profile in tabs. After
/// "delete everything" the session's settings are first-launch ones again and onboarding shows.
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
        if session.settings.onboardingCompleted {
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
