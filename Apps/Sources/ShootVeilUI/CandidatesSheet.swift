import IdentifyKit
import ShootVeilFeature
import SwiftUI

/// The ranked candidates for a tap, each opening its details. Each row is one VoiceOver element
/// (name, kind, distance, confidence in words and as a percentage); the kind has its own symbol
/// and the confidence its own shape beside the percentage, so neither rests on colour.
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
                        CandidateRow(card: card)
                    }
                }
                if let aircraft = result.aircraft.line {
                    Text(verbatim: aircraft).font(.footnote).foregroundStyle(.secondary)
                }
                if let failure = result.enrichmentFailure {
                    Text(verbatim: failure).font(.footnote).foregroundStyle(.secondary)
                }
            }
            .navigationTitle("What is there")
            .navigationBarTitleDisplayMode(.inline)
        }
    }
}

/// One candidate: its kind's symbol, name and summary, and its confidence badge; read by
/// VoiceOver as one sentence. At the accessibility text sizes the badge goes under the name.
struct CandidateRow: View {
    let card: CandidateCard
    @Environment(\.dynamicTypeSize) private var typeSize

    var body: some View {
        let layout =
            typeSize.isAccessibilitySize
            ? AnyLayout(VStackLayout(alignment: .leading, spacing: 6)) : AnyLayout(HStackLayout(alignment: .center, spacing: 12))
        layout {
            KindSymbol(kind: card.kind)
            VStack(alignment: .leading, spacing: 4) {
                Text(verbatim: card.title).font(.headline)
                Text(verbatim: card.summaryLine).font(.subheadline).foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            ConfidenceBadge(card: card)
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: card.spokenSummary()))
        .accessibilityHint("Shows its details.")
    }
}

/// A candidate's kind as a symbol shape: a building, columns for a landmark, a plane.
struct KindSymbol: View {
    let kind: IdentificationCandidate.Kind

    var body: some View {
        Image(systemName: Self.name(kind))
            .font(.title3)
            .foregroundStyle(.secondary)
            .accessibilityLabel(Text(verbatim: ShootVeilCopy.kind(kind)))
    }

    static func name(_ kind: IdentificationCandidate.Kind) -> String {
        switch kind {
        case .building: "building.2"  // not-copy: an SF Symbol name
        case .landmark: "building.columns"  // not-copy: an SF Symbol name
        case .aircraft: "airplane"  // not-copy: an SF Symbol name
        }
    }
}

/// The confidence as a filled, half-filled or empty circle with the percentage; the tint only
/// repeats what the shape and number say.
struct ConfidenceBadge: View {
    let card: CandidateCard

    var body: some View {
        Label {
            Text(verbatim: ShootVeilCopy.confidence(card.confidence)).monospacedDigit()
        } icon: {
            Image(systemName: Self.shape(card.confidenceLevel))
        }
        .font(.subheadline.weight(.semibold))
        .foregroundStyle(Self.tint(card.confidenceLevel))
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: ShootVeilCopy.confidenceLevel(card.confidenceLevel)))
        .accessibilityValue(Text(verbatim: ShootVeilCopy.confidence(card.confidence)))
    }

    static func shape(_ level: ConfidenceLevel) -> String {
        switch level {
        case .high: "circle.fill"  // not-copy: an SF Symbol name
        case .medium: "circle.lefthalf.filled"  // not-copy: an SF Symbol name
        case .low: "circle.dashed"  // not-copy: an SF Symbol name
        }
    }

    static func tint(_ level: ConfidenceLevel) -> Color {
        switch level {
        case .high: .green
        case .medium: .orange
        case .low: .secondary
        }
    }
}
