import LociLocalization
import WrappedKit
import WrappedService

/// What the processing screen shows (seed §6.3): photos read, then the three stages with their
/// counts, the coverage, and the low-coverage note. A value folded from session events, so the
/// rules are tested without a session.
public struct ProcessingProgress: Sendable, Equatable {
    /// One of the staged results.
    public enum Stage: String, Sendable, CaseIterable, Identifiable {
        /// Stage A: totals and time statistics.
        case timeStats
        /// Stage B: places.
        case places
        /// Stage C: labels for the top places.
        case labels

        /// The stage itself.
        public var id: Self { self }

        /// The stage's title in `language`.
        public func title(in language: AppLanguage = .current) -> String {
            WrappedCopy.stageTitle(self, in: language)
        }
    }

    /// Where a stage is.
    public enum StepState: Sendable, Equatable {
        case pending, active, done
    }

    /// A stage as the screen lists it.
    public struct Step: Sendable, Equatable, Identifiable {
        /// Which stage.
        public var stage: Stage
        /// Pending, running or done.
        public var state: StepState
        /// The stage's count once done ("4,210 photos in range", "37 places", "10 labelled").
        public var detail: String?

        /// The stage.
        public var id: Stage { stage }
    }

    /// Photos read so far.
    public private(set) var scanned = 0
    /// Photos to read (0 until the scan reports).
    public private(set) var toScan = 0
    /// The stages in order.
    public private(set) var steps: [Step] = Stage.allCases.map {
        Step(stage: $0, state: .pending, detail: nil)
    }
    /// Photos in range, once Stage A is done.
    public private(set) var photosInRange: Int?
    /// Percentage of them with a location, once Stage A is done.
    public private(set) var coveragePercent: Int?
    /// Whether the result came from the cache (no photo read).
    public private(set) var fromCache = false
    /// Shown when places could not be labelled.
    public private(set) var labelsNote: String?

    /// The language the lines are written in.
    public let language: AppLanguage

    /// Nothing done yet; lines in `language`.
    public init(language: AppLanguage = .current) {
        self.language = language
    }

    /// Share of the photos read, 0…1 (1 once the scan is over or the cache answered).
    public var scanFraction: Double {
        if fromCache { return 1 }
        return toScan == 0 ? 0 : Double(scanned) / Double(toScan)
    }

    /// "X photos in range" (seed §6.3), once known.
    public var photosLine: String? { photosInRange.map { WrappedCopy.photosInRange($0, in: language) } }

    /// "Y% include location data", once known.
    public var coverageLine: String? { coveragePercent.map { WrappedCopy.coverage(percent: $0, in: language) } }

    /// Why place insights will be limited (coverage under 20 %, seed §7.2), else `nil`.
    public var lowCoverageNote: String? {
        guard let coveragePercent, let photosInRange, photosInRange > 0, coveragePercent < 20 else {
            return nil
        }
        return WrappedCopy.lowCoverage(in: language)
    }

    /// Folds one session event in.
    public mutating func apply(_ event: WrappedSessionEvent) {
        switch event {
        case .cacheHit:
            fromCache = true
            for index in steps.indices { steps[index].state = .done }
        case .labelsUnavailable:
            labelsNote = WrappedCopy.labelsUnavailable(in: language)
        case .scanning(let done, let total):
            scanned = max(scanned, done)
            toScan = total
            setActive(.timeStats)
        case .scanFinished:
            scanned = toScan
            setActive(.timeStats)
        case .engine(.timeStats(let stats)):
            photosInRange = stats.total
            coveragePercent = Int((stats.coverage * 100).rounded())
            finish(.timeStats, detail: photosLine)
            setActive(.places)
        case .engine(.places(let places)):
            finish(.places, detail: WrappedCopy.places(places.filter { !$0.isHidden }.count, in: language))
            setActive(.labels)
        case .engine(.labels(let places)):
            finish(.labels, detail: WrappedCopy.placesNamed(places.filter { $0.label != nil }.count, in: language))
        case .engine(.deck), .cacheNotWritten:
            break
        }
    }

    private mutating func setActive(_ stage: Stage) {
        guard let index = steps.firstIndex(where: { $0.stage == stage }), steps[index].state == .pending
        else { return }
        steps[index].state = .active
    }

    private mutating func finish(_ stage: Stage, detail: String?) {
        guard let index = steps.firstIndex(where: { $0.stage == stage }) else { return }
        steps[index].state = .done
        steps[index].detail = detail
    }
}
