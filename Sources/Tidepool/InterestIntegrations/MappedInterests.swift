import Foundation
import InterestKit

/// What an integration mapper made of a payload: signals for the vocabulary's tags, and the raw
/// strings it could not place (so the app can show them, and the vocabulary can grow).
public struct MappedInterests: Sendable, Equatable {
    /// One signal per tag and source.
    public var signals: [InterestSignal]
    /// Raw strings the canonicaliser answered "unknown" for, deduplicated, in first-seen order.
    public var unknown: [String]

    /// Creates a result.
    public init(signals: [InterestSignal] = [], unknown: [String] = []) {
        self.signals = signals
        self.unknown = unknown
    }
}

/// Why an integration payload was refused: which source, and the decoder's path to the field.
public struct IntegrationPayloadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The source whose payload it was.
    public var source: InterestSource
    /// What was wrong and where (a JSON path such as `items[3].genres`).
    public var detail: String

    /// Creates an error.
    public init(source: InterestSource, detail: String) {
        self.source = source
        self.detail = detail
    }

    public var description: String { "\(source.rawValue) payload: \(detail)" }

    /// The error for a `DecodingError`, naming the JSON path.
    static func decoding(_ error: any Error, source: InterestSource) -> IntegrationPayloadError {
        guard let error = error as? DecodingError else { return .init(source: source, detail: "\(error)") }
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
                .trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case .keyNotFound(let key, let context):
            return .init(
                source: source,
                detail:
                    "missing \(key.stringValue) at \(path(context).isEmpty ? "the top level" : path(context))"
            )
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return .init(
                source: source,
                detail:
                    "\(context.debugDescription) at \(path(context).isEmpty ? "the top level" : path(context))"
            )
        @unknown default:
            return .init(source: source, detail: "\(error)")
        }
    }
}

/// Accumulates (tag → count, latest date, strength sum) and unknown strings for one source.
struct SignalAccumulator {
    let source: InterestSource
    private var order: [InterestTag] = []
    private var entries: [InterestTag: (count: Int, lastSeen: Date, strength: Double)] = [:]
    private var unknown: [String] = []
    private var seenUnknown: Set<String> = []

    init(source: InterestSource) { self.source = source }

    mutating func add(_ tag: InterestTag, count: Int = 1, lastSeen: Date, strength: Double) {
        if let entry = entries[tag] {
            entries[tag] = (
                entry.count + count, max(entry.lastSeen, lastSeen), entry.strength + strength * Double(count)
            )
        } else {
            order.append(tag)
            entries[tag] = (count, lastSeen, strength * Double(count))
        }
    }

    mutating func addUnknown(_ raw: String) {
        if seenUnknown.insert(raw).inserted { unknown.append(raw) }
    }

    /// One signal per tag; its strength is the mean strength of its observations.
    var result: MappedInterests {
        let signals = order.compactMap { tag -> InterestSignal? in
            guard let entry = entries[tag] else { return nil }
            return InterestSignal(
                tag: tag, source: source, count: entry.count, lastSeen: entry.lastSeen,
                strength: entry.strength / Double(entry.count))
        }
        return MappedInterests(signals: signals, unknown: unknown)
    }
}
