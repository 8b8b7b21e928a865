import LociUI
import SwiftUI
import TidepoolFeature

/// The first-launch flow: one page per `OnboardingStep`, with Back and Continue.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct OnboardingView: View {
    @State var model: OnboardingModel

    /// The flow over `model`.
    public init(model: OnboardingModel) { _model = State(initialValue: model) }

    public var body: some View {
        VStack(spacing: 16) {
            if let error = model.error {
                NoticeBanner(TidepoolCopy.problem(error).message, systemImage: "exclamationmark.triangle")
            }
            ScrollView { page.padding() }
            HStack {
                if model.step > .sharing { Button("Back") { model.back() } }
                Spacer()
                if model.step == .interests {
                    Button("Start") { Task { await model.finish() } }
                        .buttonStyle(.borderedProminent)
                        .disabled(!model.canContinue)
                } else {
                    Button("Continue") { model.next() }
                        .buttonStyle(.borderedProminent)
                        .disabled(!model.canContinue)
                }
            }
            .padding()
        }
        .task { await model.load() }
    }

    @ViewBuilder private var page: some View {
        switch model.step {
        case .sharing:
            if let explainer = model.explainer {
                PrivacyExplainerView(explainer: explainer)
            } else {
                ProgressView("Reading the server's privacy numbers…")
            }
        case .location:
            OnboardingLocationStep(model: model)
        case .home:
            OnboardingHomeStep(model: model)
        case .integrations:
            OnboardingIntegrationsStep(model: model)
        case .interests, .finished:
            InterestPicker(
                query: model.query, suggestions: model.suggestions, selected: model.selected,
                label: model.label(of:), search: model.search, toggle: model.toggle)
        }
    }
}

/// The location step: why, and the two prompts.
struct OnboardingLocationStep: View {
    let model: OnboardingModel
    @Environment(\.openURL) private var openURL

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Where you are").font(.title.bold()).accessibilityAddTraits(.isHeader)
            Text(
                "Tidepool needs your location to show the map around you and, with Always, to send its anonymous report every few minutes while the app is closed. You can change this in Settings at any time."
            )
            Text(TidepoolCopy.permission(model.location)).font(.footnote).foregroundStyle(.secondary)
            if let problem = model.locationProblem {
                Label(problem, systemImage: "exclamationmark.triangle").font(.footnote)
                if let settings = URL(string: UIApplication.openSettingsURLString) {
                    Button("Open Settings") { openURL(settings) }.font(.footnote)
                }
            }
            HStack {
                Button("Allow location") { Task { await model.requestLocation() } }
                    .buttonStyle(.bordered)
                    .disabled(model.location == .always)
                if model.location == .notDetermined {
                    Button("Not now") { model.skipLocation() }
                }
            }
            Text("Not now: sharing stays off until you switch it on from the map.")
                .font(.footnote).foregroundStyle(.secondary)
        }
    }
}

/// The integrations step: one row per connector.
struct OnboardingIntegrationsStep: View {
    let model: OnboardingModel

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            Text("Bring your interests").font(.title.bold()).accessibilityAddTraits(.isHeader)
            Text(
                "Optional. Tidepool reads what you connect once (your top artists, where your photos were taken) to suggest interests; what it reads stays on this phone."
            )
            if let error = model.integrationError {
                NoticeBanner(error.reason, systemImage: "exclamationmark.triangle")
            }
            ForEach(model.connectors, id: \.name) { connector in
                HStack {
                    Text(connector.displayName)
                    Spacer()
                    if model.connected.contains(connector.name) {
                        Label("Connected", systemImage: "checkmark.circle.fill")
                    } else {
                        Button("Connect") { Task { await model.connect(connector) } }.disabled(model.busy)
                    }
                }
            }
        }
    }
}
