import SwiftUI
import WrappedCardLayout
import WrappedFeature

/// The share flow (seed §12): pick the card and the skin, see the card as it will be shared,
/// and hand the rendered 1080 × 1920 image to the share sheet with `ShareLink` (a success haptic
/// as it is handed over: sharing a card is the action the seed names).
///
/// The image is rendered by `ImageRenderer` from ``CardLayoutView`` (the model's layout) once
/// the model has loaded the card's photos; a render that gives no image says so.
struct ShareView: View {
    @Bindable var model: ShareModel
    let cardFont: CardFont
    @State private var rendered: Image?
    @State private var renderFailed = false
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 16) {
                    Picker(
                        "Card", selection: Binding(get: { model.cardIndex }, set: { model.select(cardAt: $0) })
                    ) {
                        ForEach(model.choices) { choice in
                            Text(verbatim: choice.title).tag(choice.index)
                        }
                    }
                    Picker("Style", selection: $model.skin) {
                        ForEach(CardSkin.allCases, id: \.self) { skin in
                            skinName(skin).tag(skin)
                        }
                    }
                    .pickerStyle(.segmented)
                    preview
                    if renderFailed {
                        ProblemLine(text: model.renderFailure())
                            .font(.footnote)
                    }
                }
                .padding(20)
            }
            .safeAreaInset(edge: .bottom) {
                shareButton
                    .padding(20)
                    .background(.bar)
            }
            .navigationTitle("Share")
            .navigationBarTitleDisplayMode(.inline)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
            }
        }
        .task(id: model.cardIndex) {
            await model.prepare()
            render()
        }
        .onChange(of: model.skin) { render() }
        .sensoryFeedback(.success, trigger: model.handOffs)
    }

    private func skinName(_ skin: CardSkin) -> Text {
        switch skin {
        case .poster: Text("Poster")
        case .pastel: Text("Pastel")
        }
    }

    @ViewBuilder
    private var preview: some View {
        if let card = model.card {
            CardLayoutView(layout: card.layout, palette: card.palette, photos: card.photos, cardFont: cardFont)
                .frame(maxHeight: 520)
                .accessibilityElement(children: .ignore)
                .accessibilityLabel(Text(verbatim: model.spokenText))
                .accessibilityAddTraits(.isImage)
        } else {
            ProgressView("Preparing share…")
                .frame(minHeight: 200)
        }
    }

    @ViewBuilder
    private var shareButton: some View {
        ShareLink(
            item: rendered ?? Image(systemName: "photo"),
            preview: SharePreview(
                Text(verbatim: model.card?.title ?? "Photo Wrapped"),  // not-copy: a card's headline or the app's name
                image: rendered ?? Image(systemName: "photo"))
        ) {
            Label("Share", systemImage: "square.and.arrow.up")
                .frame(maxWidth: .infinity)
        }
        .buttonStyle(.borderedProminent)
        .disabled(rendered == nil)
        .simultaneousGesture(TapGesture().onEnded { model.handOff() })
        .accessibilityHint("Opens the share sheet with this card as an image.")
    }

    /// Renders the prepared card at canvas size (one point per pixel, scale 1).
    private func render() {
        guard let card = model.card else {
            rendered = nil
            return
        }
        let renderer = ImageRenderer(
            content: CardLayoutView(layout: card.layout, palette: card.palette, photos: card.photos, cardFont: cardFont)
                .canvas)
        renderer.scale = 1
        rendered = renderer.uiImage.map { Image(uiImage: $0) }
        renderFailed = rendered == nil
    }
}
