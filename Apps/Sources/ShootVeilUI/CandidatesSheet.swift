import ShootVeilFeature
import SwiftUI

/// The ranked candidates for a tap, each opening its details.
struct CandidatesSheet: View {
    let result: IdentificationResult
    let openInMaps: (CandidateCard) -> Void

    var body: some View {
        NavigationStack {
            List {
                if result.candidates.isEmpty {
                    Text("Nothing known there: sky, or beyond the buildings this phone has.")
                        .foregroundStyle(.secondary)
                }
                ForEach(result.candidates) { card in
                    NavigationLink {
                        CandidateDetailView(card: card, openInMaps: openInMaps)
                    } label: {
                        VStack(alignment: .leading, spacing: 4) {
                            Text(card.title).font(.headline)
                            Text(card.summaryLine).font(.subheadline).foregroundStyle(.secondary)
                        }
                    }
                }
                if let aircraft = result.aircraft.line {
                    Text(aircraft).font(.footnote).foregroundStyle(.secondary)
                }
                if let failure = result.enrichmentFailure {
                    Text(failure).font(.footnote).foregroundStyle(.secondary)
                }
            }
            .navigationTitle("What is there")
            .navigationBarTitleDisplayMode(.inline)
        }
    }
}
