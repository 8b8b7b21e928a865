import ShootVeilFeature
import SwiftUI

/// A candidate's details: what it is and how sure, height, year, type, the Wikidata link,
/// flight data, and Maps.
struct CandidateDetailView: View {
    let card: CandidateCard
    let openInMaps: (CandidateCard) -> Void

    var body: some View {
        List {
            Section {
                HStack(spacing: 12) {
                    KindSymbol(kind: card.kind)
                    Text(verbatim: ShootVeilCopy.kind(card.kind))
                    Spacer()
                    ConfidenceBadge(card: card)
                }
                .accessibilityElement(children: .combine)
                Text(verbatim: ShootVeilCopy.confidenceLevel(card.confidenceLevel))
                    .foregroundStyle(.secondary)
                Text(verbatim: card.summaryLine)
            }
            Section {
                ForEach(card.detailRows, id: \.label) { row in
                    LabeledContent {
                        Text(verbatim: row.value)
                    } label: {
                        Text(verbatim: row.label)
                    }
                }
            }
            Section {
                if let url = card.details.wikidataURL {
                    Link("Wikidata", destination: url)
                        .accessibilityHint("Opens its Wikidata page in Safari.")
                }
                if card.details.mapsTarget != nil {
                    Button("Open in Maps") { openInMaps(card) }
                        .accessibilityHint("Shows it in the Maps app.")
                }
            }
        }
        .navigationTitle(Text(verbatim: card.title))
    }
}
