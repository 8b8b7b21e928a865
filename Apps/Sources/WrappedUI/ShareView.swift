import SwiftUI
import WrappedCardLayout
import WrappedFeature

/// The share flow (seed §12): pick the card and the skin, see the card as it will be shared,
/// and hand the rendered 1080 × 1920 image to the share sheet with `ShareLink`.
///
/// The image is rendered by `ImageRenderer` from ``CardLayoutView`` (the model's layout) once
/// the model has loaded the card's photos.
struct ShareView: View {
    @Bindable var model: ShareModel
    let cardFont: CardFont
    @State private var rendered: Image?
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            VStack(spacing: 16) {
                Picker(
                    "Card", selection: Binding(get: { model.cardIndex }, set: { model.select(cardAt: $0) })
                ) {
                    ForEach(model.choices) { choice in
                        Text(choice.title).tag(choice.index)
                    }
                }
                Picker("Skin", selection: $model.skin) {
                    ForEach(CardSkin.allCases, id: \.self) { skin in
                        Text(skin.rawValue.capitalized).tag(skin)
                    }
                }
                .pickerStyle(.segmented)
                preview
                shareButton
            }
            .padding(20)
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
    }

    @ViewBuilder
    private var preview: some View {
        ZStack {
            ProgressView("Preparing share…")
            model.card.map { card in
                CardLayoutView(
                    layout: card.layout, palette: card.palette, photos: card.photos, cardFont: cardFont)
            }
        }
        .frame(maxHeight: .infinity)
    }

    @ViewBuilder
    private var shareButton: some View {
        ShareLink(
            item: rendered ?? Image(systemName: "photo"),
            preview: SharePreview(
                model.card?.title ?? "Photo Wrapped", image: rendered ?? Image(systemName: "photo"))
        ) {
            Label("Share", systemImage: "square.and.arrow.up")
                .frame(maxWidth: .infinity)
        }
        .buttonStyle(.borderedProminent)
        .disabled(rendered == nil)
    }

    /// Renders the prepared card at canvas size (one point per pixel, scale 1).
    private func render() {
        rendered = model.card.flatMap { card in
            let renderer = ImageRenderer(
                content: CardLayoutView(
                    layout: card.layout, palette: card.palette, photos: card.photos, cardFont: cardFont
                )
                .canvas)
            renderer.scale = 1
            return renderer.uiImage.map { Image(uiImage: $0) }
        }
    }
}
