import SwiftUI
import WrappedFeature

/// The deck's places (seed §10.7): the visible ones, each with Hide, and the hidden ones, each
/// with Show again, so a hidden place can come back. Either regenerates the deck. Each row is read
/// as the place and its counts, with its action named after the place.
struct PlacesView: View {
    let model: DeckModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            Section("In your Wrapped") {
                ForEach(model.places) { place in
                    row(place) {
                        Button("Hide", role: .destructive) { Task { await model.hide(place.id) } }
                            .accessibilityLabel(Text("Hide \(place.label)"))
                            .accessibilityHint("Takes this place out of every card and makes the cards again.")
                    }
                }
            }
            Section("Hidden places") {
                Group {
                    if model.hiddenPlaces.isEmpty {
                        Text("No hidden places.")
                    } else {
                        Text("Hidden places stay out of every card.")
                    }
                }
                .font(.footnote)
                .foregroundStyle(.secondary)
                ForEach(model.hiddenPlaces) { place in
                    row(place) {
                        Button("Show again") { Task { await model.unhide(place.id) } }
                            .accessibilityLabel(Text("Show \(place.label) again"))
                            .accessibilityHint("Puts this place back in your cards and makes them again.")
                    }
                }
            }
        }
        .disabled(!model.canHide)
        .overlay {
            if model.regeneration != nil {
                ProgressView("Making your Wrapped again")
                    .padding(24)
                    .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
            }
        }
        .navigationTitle("Places")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        }
    }

    private func row(_ place: PlaceSummary, @ViewBuilder action: () -> some View) -> some View {
        ViewThatFits(in: .horizontal) {
            HStack {
                texts(place)
                Spacer()
                action().buttonStyle(.borderless)
            }
            VStack(alignment: .leading, spacing: 8) {
                texts(place)
                action().buttonStyle(.borderless)
            }
        }
    }

    private func texts(_ place: PlaceSummary) -> some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(verbatim: place.label)
            Text(verbatim: place.countsLine())
                .font(.footnote)
                .foregroundStyle(.secondary)
        }
        .accessibilityElement(children: .combine)
    }
}
