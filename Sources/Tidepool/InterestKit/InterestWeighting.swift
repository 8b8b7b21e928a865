import Foundation

/// How signals become tag weights: wᵢ = strength · recency · frequency · IDF · source scale.
///
/// * recency = 2^(−age / half-life) (default half-life 90 days: the seed's time decay);
/// * frequency = 1 + ln(count) (sub-linear, as in TF-IDF's log-scaled term frequency);
/// * IDF from an ``IDFTable`` (uniform 1 until the server publishes document frequencies);
/// * source scale: integrations 1; declared interests k / (k + M), where M is the summed
///   |weight| of the integration signals and k = ``declaredHalfMass`` (progressive
///   re-weighting: declared interests dominate a cold start and fade as real signals arrive).
///
/// Signals for the same tag add up.
public struct InterestWeighting: Sendable {
    /// Half-life of a signal's weight, seconds (default 90 days).
    public var halfLife: TimeInterval
    /// The integration mass at which declared interests count half (default 5).
    public var declaredHalfMass: Double
    /// Per-tag inverse document frequencies.
    public var idf: IDFTable

    /// Creates a weighting policy.
    public init(
        halfLife: TimeInterval = 90 * 86_400, declaredHalfMass: Double = 5, idf: IDFTable = IDFTable()
    ) {
        self.halfLife = halfLife
        self.declaredHalfMass = declaredHalfMass
        self.idf = idf
    }

    /// The weighted tags of `signals` as of `now`, one per tag, sorted by tag.
    ///
    /// - Complexity: O(n log n) in the number of signals.
    public func weightedTags(_ signals: [InterestSignal], now: Date) -> [WeightedTag] {
        var integration: [InterestTag: Double] = [:]
        var declared: [InterestTag: Double] = [:]
        for signal in signals {
            let age = max(0, now.timeIntervalSince(signal.lastSeen))
            let recency = halfLife > 0 ? exp2(-age / halfLife) : 1
            let frequency = 1 + log(Double(signal.count))
            let weight = signal.strength * recency * frequency * idf.weight(of: signal.tag)
            if signal.source == .declared {
                declared[signal.tag, default: 0] += weight
            } else {
                integration[signal.tag, default: 0] += weight
            }
        }
        let mass = integration.values.reduce(0) { $0 + abs($1) }
        let declaredScale = declaredHalfMass > 0 ? declaredHalfMass / (declaredHalfMass + mass) : 0
        for (tag, weight) in declared { integration[tag, default: 0] += weight * declaredScale }
        return integration.filter { $0.value != 0 }.map { WeightedTag($0.key, weight: $0.value) }.sorted {
            $0.tag < $1.tag
        }
    }
}

/// Inverse document frequencies of tags across users: idf = ln((N + 1) / (df + 1)) + 1 (the
/// smoothed form of scikit-learn's `TfidfTransformer`), so a tag everyone has counts less.
/// Tags without a count, or an empty table, weigh 1.
public struct IDFTable: Sendable {
    private let weights: [InterestTag: Double]

    /// A uniform table (every tag weighs 1).
    public init() { weights = [:] }

    /// A table from `documentFrequencies` (users with the tag) out of `documents` users.
    public init(documentFrequencies: [InterestTag: Int], documents: Int) {
        let n = Double(max(0, documents))
        weights = documentFrequencies.mapValues { df in
            log((n + 1) / (Double(min(max(0, df), Int(n))) + 1)) + 1
        }
    }

    /// The IDF weight of `tag`.
    public func weight(of tag: InterestTag) -> Double { weights[tag] ?? 1 }
}
