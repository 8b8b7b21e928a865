import ShootVeilFeature
import SwiftUI

/// A candidate's details: height, year, type, the Wikidata link, flight data, and Maps.
struct CandidateDetailView: View {
    let card: CandidateCard
    let openInMaps: (CandidateCard) -> Void

    var body: some View {
        List {
            Section {
                Text(card.summaryLine)
            }
            Section {
                ForEach(card.detailRows, id: \.label) { row in
                    LabeledContent(row.label, value: row.value)
                }
            }
            Section {
                if let url = card.details.wikidataURL {
                    Link("Wikidata", destination: url)
                }
                if card.details.mapsTarget != nil {
                    Button("Open in Maps") { openInMaps(card) }
                }
            }
        }
        .navigationTitle(card.title)
    }
}
