import SwiftUI
import WrappedFeature

/// The access screen (seed §6.1): the promise and Continue; without access, the explainer, Open
/// Settings where the user can change it, and the sample deck. Scrolls, so the largest text
/// sizes never clip.
struct AccessView: View {
    @Environment(\.openURL) private var openURL
    let model: WrappedAppModel

    var body: some View {
        ScrollView {
            VStack(spacing: 24) {
                Text(WrappedCopy.accessTitle())
                    .font(.largeTitle.bold())
                    .multilineTextAlignment(.center)
                    .accessibilityAddTraits(.isHeader)
                content
            }
            .padding(32)
            .frame(maxWidth: .infinity)
        }
        .defaultScrollAnchor(.center)
    }

    @ViewBuilder
    private var content: some View {
        switch model.access.screen {
        case .askForAccess:
            Text(WrappedCopy.accessMessage())
                .multilineTextAlignment(.center)
            Button("Continue") { Task { await model.requestAccess() } }
                .buttonStyle(.borderedProminent)
                .accessibilityHint("Asks for access to your photos.")
        case .noAccess(let message, let canOpenSettings):
            Text(message)
                .multilineTextAlignment(.center)
            if canOpenSettings {
                Button("Open Settings") { URL(string: UIApplication.openSettingsURLString).map { openURL($0) } }
                    .buttonStyle(.borderedProminent)
                    .accessibilityHint("Opens Photo Wrapped's page in Settings, where you can allow access to your photos.")
            }
            Button("Look at a sample deck") { model.showSampleDeck() }
                .buttonStyle(.bordered)
        case .granted:
            ProgressView()
                .accessibilityLabel("Loading")
        }
    }
}
