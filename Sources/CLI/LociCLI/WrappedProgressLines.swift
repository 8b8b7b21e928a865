import WrappedExport
import WrappedService

/// Draws a Photo Wrapped session's events on standard error: a bar while photos are read and
/// while cards render, a line per stage and per problem.
struct WrappedProgressLines: Sendable {
    private let reading = ProgressLine(label: "Reading photos")
    private let rendering = ProgressLine(label: "Rendering cards")
    /// Whether a lookup that fails to load is reported (false when the command already said
    /// there is no gazetteer).
    let reportsMissingLabels: Bool

    /// Progress lines; `reportsMissingLabels` false when the missing gazetteer was already said.
    init(reportsMissingLabels: Bool = true) {
        self.reportsMissingLabels = reportsMissingLabels
    }

    /// Shows one event (called from several threads while photos are read).
    @Sendable func show(_ event: WrappedSessionEvent) {
        switch event {
        case .cacheHit(let count): ProgressLine.note("Opened from the cache (\(count) files unchanged).")
        case .labelsUnavailable(let error):
            if reportsMissingLabels { ProgressLine.note("No place labels or location time zones: \(error)") }
        case .scanning(let done, let total): reading.update(done, of: total)
        case .scanFinished: reading.finish()
        case .engine(let stage): ProgressLine.note(WrappedCommand.describe(stage))
        case .cacheNotWritten(let error): ProgressLine.note("cache not written: \(error)")
        }
    }

    /// Shows one event of writing the files.
    @Sendable func show(export event: WrappedExportEvent) {
        switch event {
        case .rendering(let done, let total): rendering.update(done, of: total)
        case .renderingFinished: rendering.finish()
        case .cardNotRendered(let index, let kind, let skin, let error):
            ProgressLine.note("card \(index + 1) (\(kind.rawValue), \(skin.rawValue)) not rendered: \(error)")
        }
    }
}
