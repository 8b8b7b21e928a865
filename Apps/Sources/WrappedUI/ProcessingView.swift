import SwiftUI
import WrappedFeature
import WrappedKit

/// The processing screen (seed §6.3): photos read, the three stages with their counts, the
/// coverage, the time-based cards as soon as they are known (seed §14.2), and Cancel.
struct ProcessingView: View {
    let model: ProcessingModel
    let cancel: @MainActor () -> Void

    var body: some View {
        VStack(alignment: .leading, spacing: 20) {
            ProgressView(value: model.progress.scanFraction)
            ForEach(model.progress.steps) { step in
                StepRow(step: step)
            }
            Text(model.progress.photosLine ?? " ")
                .font(.headline)
            Text(model.progress.coverageLine ?? " ")
            Text(model.progress.lowCoverageNote ?? model.progress.labelsNote ?? " ")
                .font(.footnote)
                .foregroundStyle(.secondary)
            ScrollView {
                VStack(alignment: .leading, spacing: 12) {
                    ForEach(model.earlyCards.indices, id: \.self) { index in
                        EarlyCardRow(card: model.earlyCards[index])
                    }
                }
            }
            Spacer()
            Button("Cancel", role: .cancel) { cancel() }
                .disabled(!model.canCancel)
                .frame(maxWidth: .infinity)
        }
        .padding(24)
        .navigationTitle("Making your Wrapped")
    }
}

/// A time-based card shown while the places are found: its eyebrow, headline and first line.
private struct EarlyCardRow: View {
    let card: Card

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(card.eyebrow)
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(card.headline)
                .font(.title3.bold())
            Text(card.lines.first ?? "")
                .font(.subheadline)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(12)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
    }
}

/// One stage: its state as a symbol, its title and its count.
private struct StepRow: View {
    let step: ProcessingProgress.Step

    var body: some View {
        HStack {
            Image(systemName: symbol)
                .foregroundStyle(step.state == .done ? Color.green : Color.secondary)
            Text(step.stage.title)
            Spacer()
            Text(step.detail ?? "")
                .foregroundStyle(.secondary)
        }
    }

    private var symbol: String {
        switch step.state {
        case .pending: "circle"
        case .active: "circle.dotted"
        case .done: "checkmark.circle.fill"
        }
    }
}
