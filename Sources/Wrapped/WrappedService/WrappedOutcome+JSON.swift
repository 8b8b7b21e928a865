import Foundation
import WrappedKit

extension WrappedOutcome {
    /// The deck as pretty-printed JSON with sorted keys (what `--json` prints).
    public func jsonString(pngNames: [Int: [String: String]] = [:]) throws(WrappedSessionError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(
                decoding: try encoder.encode(WrappedDocument(self, pngNames: pngNames)), as: UTF8.self)
        } catch {
            throw .encodingFailed(message: "\(error)")
        }
    }
}
