import SwiftUI
import TidepoolFeature

/// The favourites by place name, with their stars and notes; the ones made offline marked as
/// waiting. Pull to refresh; swipe to remove; tap to write a note.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
struct FavouritesView: View {
    let model: ProfileModel
    @State private var editing: FavouriteRow?

    var body: some View {
        List {
            if let error = model.error {
                Label(TidepoolCopy.problem(error).message, systemImage: "exclamationmark.triangle")
                    .font(.footnote).foregroundStyle(.red)
            }
            if !model.favouritesCurrent {
                Text("Offline: showing the last list. Changes are sent when you are back online.")
                    .font(.footnote).foregroundStyle(.secondary)
            }
            ForEach(model.favourites) { row in
                Button {
                    editing = row
                } label: {
                    HStack {
                        VStack(alignment: .leading) {
                            Text(row.title)
                            if let note = row.note { Text(note).font(.caption).foregroundStyle(.secondary) }
                        }
                        Spacer()
                        if let rating = row.rating {
                            Text(String(repeating: "★", count: rating))
                                .accessibilityLabel(Text(verbatim: TidepoolCopy.stars(rating)))
                        }
                        if row.pending || row.removalPending {
                            Image(systemName: "clock").accessibilityLabel("Waiting to be sent")
                        }
                    }
                }
                .foregroundStyle(.primary)
                .accessibilityElement(children: .combine)
                .accessibilityHint("Opens the note for this place.")
                .swipeActions {
                    if row.favouriteID != nil, !row.removalPending {
                        Button("Remove", role: .destructive) { Task { await model.remove(row) } }
                    }
                }
            }
        }
        .navigationTitle("Favourites")
        .refreshable { await model.refreshFavourites() }
        .sheet(item: $editing) { row in
            FavouriteNoteEditor(row: row, limit: ProfileModel.noteLimit) { note in
                await model.setNote(note, for: row)
            }
        }
    }
}

/// Writing a favourite's note: a text box and Save.
struct FavouriteNoteEditor: View {
    let row: FavouriteRow
    let limit: Int
    let save: @MainActor (String) async -> Void
    @State private var text: String
    @Environment(\.dismiss) private var dismiss

    init(row: FavouriteRow, limit: Int, save: @escaping @MainActor (String) async -> Void) {
        self.row = row
        self.limit = limit
        self.save = save
        _text = State(initialValue: row.note ?? "")
    }

    var body: some View {
        NavigationStack {
            Form {
                TextField("A note for yourself", text: $text, axis: .vertical).lineLimit(3...8)
                Text(TidepoolCopy.noteLength(text.count, of: limit)).font(.caption).foregroundStyle(.secondary)
            }
            .navigationTitle(row.title)
            .toolbar {
                ToolbarItem(placement: .cancellationAction) { Button("Cancel") { dismiss() } }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        Task {
                            await save(text)
                            dismiss()
                        }
                    }
                }
            }
        }
        .presentationDetents([.medium])
    }
}
