import SwiftUI
import WrappedFeature

/// The deck's places (seed §10.7): the visible ones, each with Hide, and the hidden ones, each
/// with Show again, so a hidden place can come back. Either regenerates the deck.
struct PlacesView: View {
    let model: DeckModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            Section("In your Wrapped") {
                ForEach(model.places) { place in
                    row(place) {
                        Button("Hide", role: .destructive) { Task { await model.hide(place.id) } }
                    }
                }
            }
            Section("Hidden places") {
                Text(model.hiddenPlaces.isEmpty ? "No hidden places." : "Hidden places stay out of every card.")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
                ForEach(model.hiddenPlaces) { place in
                    row(place) {
                        Button("Show again") { Task { await model.unhide(place.id) } }
                    }
                }
            }
        }
        .disabled(!model.canHide)
        .overlay {
            ProgressView("Making your Wrapped again")
                .padding(24)
                .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12))
                .opacity(model.regeneration == nil ? 0 : 1)
        }
        .navigationTitle("Places")
        .toolbar {
            ToolbarItem(placement: .confirmationAction) {
                Button("Done") { dismiss() }
            }
        }
    }

    private func row(_ place: PlaceSummary, @ViewBuilder action: () -> some View) -> some View {
        HStack {
            VStack(alignment: .leading, spacing: 2) {
                Text(place.label)
                Text("\(place.photosLine) · \(place.daysLine)")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            }
            Spacer()
            action()
                .buttonStyle(.borderless)
        }
    }
}
