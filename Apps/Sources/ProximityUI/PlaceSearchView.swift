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
                    Text(candidate.place.name ?? candidate.id)
                    if let distance = candidate.distance {
                        Text(Measurement(value: distance, unit: UnitLength.meters), format: .measurement(width: .abbreviated, usage: .road))
                            .font(.caption)
                            .foregroundStyle(.secondary)
                    }
                }
                Spacer()
                if candidate.isSaved {
                    Image(systemName: "checkmark").foregroundStyle(.secondary).accessibilityLabel("Saved")
                } else {
                    Button("Add", systemImage: "plus.circle") { Task { await model.add(candidate) } }
                        .labelStyle(.iconOnly)
                        .buttonStyle(.borderless)
                }
            }
        }
        .overlay {
            if model.state.results.isEmpty, !text.isEmpty {
                ContentUnavailableView.search(text: text)
            }
        }
        .searchable(text: $text, placement: .navigationBarDrawer(displayMode: .always), prompt: "Search places")
        .onSubmit(of: .search) { Task { await model.search(text) } }
        .navigationTitle("Add a place")
        .navigationBarTitleDisplayMode(.inline)
        .toolbar {
            ToolbarItem(placement: .confirmationAction) { Button("Done") { dismiss() } }
        }
    }
}
