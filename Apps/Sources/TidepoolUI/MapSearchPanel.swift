import GeoKit
import SwiftUI
import TidepoolFeature

/// The search box over the map and its rows: suggestions while it is empty, results as the
/// user types (the model debounces), each with the server's reason.
struct MapSearchPanel: View {
    let search: SearchModel
    /// The heat at a place, in words (nil: none shows there).
    let heat: (Coordinate) -> String?
    let open: (String) -> Void
    @State private var text = ""
    @FocusState private var focused: Bool
    /// The list's greatest height, growing with the text size.
    @ScaledMetric(relativeTo: .body) private var listHeight = 320.0

    var body: some View {
        VStack(spacing: 0) {
            HStack {
                Image(systemName: "magnifyingglass").foregroundStyle(.secondary).accessibilityHidden(true)
                TextField("Search places", text: $text)
                    .focused($focused)
                    .submitLabel(.search)
                    .onSubmit { Task { await search.submit() } }
                    .onChange(of: text) { _, new in search.type(new) }
                if search.isSearching { ProgressView().controlSize(.small).accessibilityLabel("Searching") }
            }
            .padding(10)
            .background(.regularMaterial, in: RoundedRectangle(cornerRadius: 12, style: .continuous))
            if focused {
                List(search.rows) { row in
                    Button {
                        focused = false
                        open(row.id)
                    } label: {
                        SearchRowView(row: row, heat: heat(row.coordinate))
                    }
                }
                .listStyle(.plain)
                .frame(maxHeight: listHeight)
                .clipShape(RoundedRectangle(cornerRadius: 12, style: .continuous))
                if let note = search.personalisationNote {
                    Label(note, systemImage: "info.circle").font(.caption).foregroundStyle(.secondary)
                }
                if let problem = search.problem {
                    Label(problem, systemImage: "exclamationmark.triangle").font(.caption).foregroundStyle(.red)
                }
            }
        }
        .onChange(of: focused) { _, isFocused in
            if isFocused, search.answered == nil { search.clear() }
        }
    }
}

/// One result: name, category, distance, the heat there in words, and why it is there.
struct SearchRowView: View {
    let row: SearchRow
    /// The heat where the place is, in words ("busy, about 12 people, very like you").
    var heat: String?

    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            Text(row.title).font(.body)
            HStack(spacing: 6) {
                Text(verbatim: row.categoryName)
                if let distance = row.distanceMeters {
                    Text(Measurement(value: distance, unit: UnitLength.meters), format: .measurement(width: .abbreviated))
                }
            }
            .font(.caption)
            .foregroundStyle(.secondary)
            if let heat {
                Label(heat, systemImage: "flame").font(.caption)
            }
            if let reason = row.reason {
                Label(reason, systemImage: "sparkles").font(.caption).foregroundStyle(.indigo)
            }
        }
        .accessibilityElement(children: .combine)
    }
}
