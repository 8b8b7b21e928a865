import Foundation
import ShootVeilFeature
import SwiftUI

/// Past identifications, newest first: each opens its candidates; swipe to delete one, or
/// delete them all after confirming.
struct HistoryView: View {
    let model: HistoryModel
    let openInMaps: (CandidateCard) -> Void
    /// The entry's saved still, if it has one.
    let stillFile: (HistoryRow) -> URL?
    /// Identifies a saved still again (closing the history).
    let identifyAgain: (URL, HistoryRow) -> Void
    @Environment(\.dismiss) private var dismiss
    @State private var confirmingDeleteAll = false

    var body: some View {
        NavigationStack {
            List {
                if let warning = model.warning {
                    Label {
                        Text(verbatim: warning).font(.footnote)
                    } icon: {
                        Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
                    }
                    .accessibilityElement(children: .combine)
                }
                if model.rows.isEmpty {
                    Text("Nothing identified yet. Tap the viewfinder or take a photo.").foregroundStyle(.secondary)
                }
                ForEach(model.rows) { entry in
                    NavigationLink {
                        HistoryRowView(
                            entry: entry, openInMaps: openInMaps,
                            identifyAgain: again(entry))
                    } label: {
                        VStack(alignment: .leading, spacing: 4) {
                            Text(verbatim: entry.title).font(.headline)
                            Text(verbatim: entry.summaryLine).font(.subheadline).foregroundStyle(.secondary)
                            Text(entry.time, style: .date).font(.caption).foregroundStyle(.secondary)
                        }
                        .accessibilityElement(children: .combine)
                    }
                }
                .onDelete { offsets in
                    let rows = model.rows
                    for id in offsets.map({ rows[$0].id }) { model.delete(id) }
                }
            }
            .navigationTitle("History")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Done") { dismiss() }
                }
                ToolbarItem(placement: .destructiveAction) {
                    Button("Delete all", role: .destructive) { confirmingDeleteAll = true }
                        .disabled(model.rows.isEmpty)
                }
            }
            .confirmationDialog(
                "Delete every past identification and its photos?", isPresented: $confirmingDeleteAll,
                titleVisibility: .visible
            ) {
                Button("Delete all", role: .destructive) { model.deleteAll() }
                Button("Cancel", role: .cancel) {}
            }
            .task { model.load() }
        }
    }

    /// "Identify again" for a row whose still is on the phone, else nothing.
    private func again(_ row: HistoryRow) -> (() -> Void)? {
        guard let file = stillFile(row) else { return nil }
        return { identifyAgain(file, row) }
    }
}

/// One past identification's candidates, each opening its details.
struct HistoryRowView: View {
    let entry: HistoryRow
    let openInMaps: (CandidateCard) -> Void
    let identifyAgain: (() -> Void)?

    var body: some View {
        List {
            Section {
                Text(verbatim: entry.summaryLine)
                Text(entry.time, style: .time)
                if let identifyAgain {
                    Button("Identify this photo again", action: identifyAgain)
                }
            }
            ForEach(entry.cards) { card in
                NavigationLink {
                    CandidateDetailView(card: card, openInMaps: openInMaps)
                } label: {
                    CandidateRow(card: card)
                }
            }
        }
        .navigationTitle(Text(verbatim: entry.title))
    }
}
