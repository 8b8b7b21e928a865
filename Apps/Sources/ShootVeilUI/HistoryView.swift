import Foundation
import ShootVeilFeature
import SwiftUI

/// Past identifications, newest first: each opens its candidates; swipe to delete one, or
/// delete them all.
struct HistoryView: View {
    let model: HistoryModel
    let openInMaps: (CandidateCard) -> Void
    /// The entry's saved still, if it has one.
    let stillFile: (HistoryRow) -> URL?
    /// Identifies a saved still again (closing the history).
    let identifyAgain: (URL, HistoryRow) -> Void
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        NavigationStack {
            List {
                if let warning = model.warning {
                    Text(warning).font(.footnote).foregroundStyle(.orange)
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
                            Text(entry.title).font(.headline)
                            Text(entry.summaryLine).font(.subheadline).foregroundStyle(.secondary)
                            Text(entry.time, style: .date).font(.caption).foregroundStyle(.secondary)
                        }
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
                    Button("Delete all", role: .destructive) { model.deleteAll() }
                        .disabled(model.rows.isEmpty)
                }
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
                Text(entry.summaryLine)
                Text(entry.time, style: .time)
                if let identifyAgain {
                    Button("Identify this photo again", action: identifyAgain)
                }
            }
            ForEach(entry.cards) { card in
                NavigationLink {
                    CandidateDetailView(card: card, openInMaps: openInMaps)
                } label: {
                    VStack(alignment: .leading, spacing: 4) {
                        Text(card.title).font(.headline)
                        Text(card.summaryLine).font(.subheadline).foregroundStyle(.secondary)
                    }
                }
            }
        }
        .navigationTitle(entry.title)
    }
}
