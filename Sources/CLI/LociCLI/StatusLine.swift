import Foundation
import Synchronization

/// A line of status on standard error for work whose total is unknown (`loci import`): redrawn
/// in place on a terminal (at most ten times a second), one line per change of phase otherwise,
/// so logs stay readable. The counterpart of ``ProgressLine``; safe to update from several threads.
final class StatusLine: Sendable {
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let clock = ContinuousClock()
    private let state = Mutex<(phase: String, drawn: ContinuousClock.Instant?, width: Int)>(("", nil, 0))

    init() {}

    /// Shows `text` for `phase`. Off a terminal only the first text of each phase is written.
    func update(phase: String, _ text: String) {
        let now = clock.now
        state.withLock { state in
            let newPhase = phase != state.phase
            state.phase = phase
            if isTerminal {
                if !newPhase, let drawn = state.drawn, now - drawn < .milliseconds(100) { return }
                state.drawn = now
                let padding = String(repeating: " ", count: max(0, state.width - text.count))
                state.width = text.count
                Self.write("\r\(text)\(padding)")
            } else if newPhase {
                Self.write(text + "\n")
            }
        }
    }

    /// Ends the line on a terminal (a final `update` should come first so the last counts show).
    func finish() {
        if isTerminal { Self.write("\n") }
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
