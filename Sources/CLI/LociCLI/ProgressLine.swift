import Foundation
import Synchronization

/// A progress bar on standard error: redrawn in place on a terminal, a line per 10 % otherwise
/// (so logs stay readable). Safe to update from several threads.
final class ProgressLine: Sendable {
    private let label: String
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private let state = Mutex<(shownTenths: Int, lastWidth: Int)>((-1, -1))

    init(label: String) {
        self.label = label
    }

    /// Shows `done` of `total`.
    func update(_ done: Int, of total: Int) {
        let fraction = total == 0 ? 1 : Double(done) / Double(total)
        let width = 30
        let filled = Int(fraction * Double(width))
        state.withLock { state in
            if isTerminal {
                guard filled != state.lastWidth || done == total else { return }
                state.lastWidth = filled
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
                Self.write("\r\(label) \(bar) \(done)/\(total)")
            } else {
                let tenths = Int(fraction * 10)
                guard tenths > state.shownTenths else { return }
                state.shownTenths = tenths
                Self.write("\(label): \(tenths * 10)% (\(done)/\(total))\n")
            }
        }
    }

    /// Ends the bar's line.
    func finish() {
        if isTerminal { Self.write("\n") }
    }

    /// A line of status on standard error.
    static func note(_ text: String) {
        write(text + "\n")
    }

    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
