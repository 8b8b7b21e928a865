import GeoKit
import SwiftUI
import TidepoolFeature

/// What the map says when nothing in view has heat: why, and places to explore.
struct MapEmptyStateCard: View {
    let state: MapEmptyState
    /// The heat at a place, in words (nil: none shows there).
    let heat: (Coordinate) -> String?
    let open: (String) -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 8) {
            Text(state.title).font(.headline).accessibilityAddTraits(.isHeader)
            Text(state.message).font(.footnote)
            ForEach(state.suggestions) { row in
                Button {
                    open(row.id)
                } label: {
                    SearchRowView(row: row, heat: heat(row.coordinate))
                }
                .buttonStyle(.plain)
                .accessibilityHint("Opens the place's details.")
            }
        }
        .padding()
        .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 16, style: .continuous))
    }
}
