import SwiftUI
import WrappedFeature
import WrappedKit

/// The processing screen (seed §6.3): photos read, the three stages with their counts, the
/// coverage, the time-based cards as soon as they are known (seed §14.2), and Cancel.
struct ProcessingView: View {
    let model: ProcessingModel
    let cancel: @MainActor () -> Void

    var body: some View {
        ScrollView {
            VStack(alignment: .leading, spacing: 20) {
                ProgressView(value: model.progress.scanFraction) {
                    Text("Photos read")
                }
                ForEach(model.progress.steps) { step in
                    StepRow(step: step)
                }
                if let photos = model.progress.photosLine {
                    Text(verbatim: photos)
                        .font(.headline)
                }
                if let coverage = model.progress.coverageLine {
                    Text(verbatim: coverage)
                }
                if let note = model.progress.lowCoverageNote ?? model.progress.labelsNote {
                    Text(verbatim: note)
                        .font(.footnote)
                        .foregroundStyle(.secondary)
                }
                ForEach(model.earlyCards.indices, id: \.self) { index in
                    EarlyCardRow(card: model.earlyCards[index])
                }
            }
            .padding(24)
        }
        .safeAreaInset(edge: .bottom) {
            Button("Cancel", role: .cancel) { cancel() }
                .disabled(!model.canCancel)
                .frame(maxWidth: .infinity)
                .padding(12)
                .background(.bar)
                .accessibilityHint("Stops making your Wrapped. Nothing is saved.")
        }
        .navigationTitle("Making your Wrapped")
    }
}

/// A time-based card shown while the places are found: its eyebrow, headline and first line,
/// read as one element.
private struct EarlyCardRow: View {
    let card: Card

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(verbatim: card.eyebrow)
                .font(.caption)
                .foregroundStyle(.secondary)
            Text(verbatim: card.headline)
                .font(.title3.bold())
            if let line = card.lines.first {
                Text(verbatim: line)
                    .font(.subheadline)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .padding(12)
        .background(.thinMaterial, in: RoundedRectangle(cornerRadius: 12))
        .accessibilityElement(children: .combine)
    }
}

/// One stage: its state as a symbol shape (an empty, dotted or ticked circle; green is only a
/// second cue), its title and its count; VoiceOver says the state in words.
private struct StepRow: View {
    let step: ProcessingProgress.Step

    var body: some View {
        ViewThatFits(in: .horizontal) {
            HStack {
                symbol
                Text(verbatim: step.stage.title())
                Spacer()
                detail
            }
            VStack(alignment: .leading, spacing: 4) {
                HStack {
                    symbol
                    Text(verbatim: step.stage.title())
                }
                detail
            }
        }
        .accessibilityElement(children: .ignore)
        .accessibilityLabel(Text(verbatim: step.stage.title()))
        .accessibilityValue(value)
    }

    private var symbol: some View {
        Image(systemName: symbolName)
            .foregroundStyle(step.state == .done ? Color.green : Color.secondary)
            .accessibilityHidden(true)
    }

    private var detail: some View {
        Text(verbatim: step.detail ?? "")
            .foregroundStyle(.secondary)
    }

    private var value: Text {
        switch step.state {
        case .pending: Text("Waiting")
        case .active: Text("In progress")
        case .done: step.detail.map { Text("Done: \($0)") } ?? Text("Done")
        }
    }

    private var symbolName: String {
        switch step.state {
        case .pending: "circle"
        case .active: "circle.dotted"
        case .done: "checkmark.circle.fill"
        }
    }
}
