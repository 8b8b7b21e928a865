import SwiftUI
import WrappedFeature

/// Photo Wrapped's one window: the screen the app model chooses, and the scene's activity
/// forwarded to it (coming back from Settings or the limited picker re-reads access).
///
/// The composition root passes what needs an Apple framework other than SwiftUI:
/// `manageLimitedAccess` presents PhotoKit's limited-library picker, and `cardFont` gives the
/// font the card text was measured in (the `TextMeasuring` handed to the app model), so a drawn
/// card breaks its lines where the layout did.
public struct WrappedRootView: View {
    @Environment(\.scenePhase) private var scenePhase
    private let model: WrappedAppModel
    private let manageLimitedAccess: @MainActor () -> Void
    private let cardFont: CardFont

    /// The root view of `model`.
    public init(
        model: WrappedAppModel, manageLimitedAccess: @escaping @MainActor () -> Void,
        cardFont: @escaping CardFont
    ) {
        self.model = model
        self.manageLimitedAccess = manageLimitedAccess
        self.cardFont = cardFont
    }

    public var body: some View {
        NavigationStack {
            screen
        }
        .onChange(of: scenePhase) { _, phase in
            guard phase == .active else { return }
            model.becameActive()
        }
    }

    @ViewBuilder
    private var screen: some View {
        switch model.screen {
        case .access:
            AccessView(model: model)
        case .home:
            HomeView(app: model, home: model.home, manageLimitedAccess: manageLimitedAccess)
        case .processing(let processing):
            ProcessingView(model: processing, cancel: model.cancelProcessing)
        case .deck(let deck):
            DeckView(
                model: deck, home: model.home, regenerate: { _ = await model.generate() },
                close: model.closeDeck, manageLimitedAccess: manageLimitedAccess,
                cardFont: cardFont)
        }
    }
}
