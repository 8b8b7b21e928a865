import LociUI
import PlaceKit
import ProximityFeature
import SwiftUI

/// Add a place by search: a search field, the model's results (nearest to the last fix first),
/// and an add button on each that is not saved yet.
struct PlaceSearchView: View {
    let model: TripPlacesModel
    @State private var text = ""
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List(model.state.results) { candidate in
            HStack {
                VStack(alignment: .leading, spacing: 2) {
                    Text(verbatim: candidate.place.name ?? candidate.id)
                    if let distance = candidate.distance {
                        Text(Measurement(value: distance, unit: UnitLength.meters), format: .measurement(width: .abbreviated, usage: .road))
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                .accessibilityElement(children: .combine)
                Spacer()
                if candidate.isSaved {
                    Image(systemName: "checkmark").foregroundStyle(.secondary).accessibilityLabel("Saved")
                } else {
                    let name = candidate.place.name ?? candidate.id
                    Button("Add", systemImage: "plus.circle") { Task { await model.add(candidate) } }
                        .labelStyle(.iconOnly)
                        .buttonStyle(.borderless)
                        .accessibilityLabel(Text("Add \(name)"))
                        .accessibilityHint(Text("Saves it to this trip"))
                }
            }
        }
        .overlay {
            if model.state.results.isEmpty, !text.isEmpty, model.state.error == nil {
                ContentUnavailableView.search(text: text)
            }
        }
        .safeAreaInset(edge: .bottom) {
            // A failed search says why and offers the search again.
            if let error = model.state.error {
                NoticeBanner(
                    error, systemImage: "exclamationmark.triangle",
                    action: (String(localized: "Try again"), { Task { await model.search(text) } }))
                .padding(.horizontal)
            }
        }
        .searchable(text: $text, placement: .navigationBarDrawer(displayMode: .always), prompt: Text("Search places"))
        .onSubmit(of: .search) { Task { await model.search(text) } }
        .navigationTitle("Add a place")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
        }
    }
}
