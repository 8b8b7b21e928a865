import SwiftUI
import WrappedFeature

/// The access screen (seed §6.1): the promise and Continue; without access, the explainer, Open
/// Settings where the user can change it, and the sample deck.
struct AccessView: View {
    @Environment(\.openURL) private var openURL
    let model: WrappedAppModel

    var body: some View {
        VStack(spacing: 24) {
            Spacer()
            Text(WrappedCopy.accessTitle)
                .font(.largeTitle.bold())
                .multilineTextAlignment(.center)
            content
            Spacer()
        }
        .padding(32)
    }

    @ViewBuilder
    private var content: some View {
        switch model.access.screen {
        case .askForAccess:
            Text(WrappedCopy.accessMessage)
                .multilineTextAlignment(.center)
            Button("Continue") { Task { await model.requestAccess() } }
                .buttonStyle(.borderedProminent)
        case .noAccess(let message, let canOpenSettings):
            Text(message)
                .multilineTextAlignment(.center)
            Button("Open Settings") { URL(string: UIApplication.openSettingsURLString).map { openURL($0) } }
                .buttonStyle(.borderedProminent)
                .opacity(canOpenSettings ? 1 : 0)
                .disabled(!canOpenSettings)
            Button("Look at a sample deck") { model.showSampleDeck() }
                .buttonStyle(.bordered)
        case .granted:
            ProgressView()
        }
    }
}
