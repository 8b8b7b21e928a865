/// Everything the server publishes about how an epoch is aggregated, in one place: validated by
/// ``mechanisms()`` and published by ``publishedParameters()``.
public struct HeatConfiguration: Sendable, Equatable, Codable {
    /// Epoch length, seconds (recommended: an hour). Epoch `e` covers `[e·length, (e + 1)·length)`
    /// in Unix seconds.
    public var epochSeconds: Int64
    /// How long a release stays readable after its epoch ends, seconds (at most 30 min, or one
    /// epoch when epochs are longer: ``maximumTTLSeconds(epochSeconds:)``).
    public var ttlSeconds: Int64
    /// The smallest public count ever shown (the seed's k_min); τ is never below it.
    public var kMin: Int
    /// One budget per grid level, finest first; the count must equal the tiler's levels.
    public var levels: [LevelBudget]
    /// Number of interest facets a report may name (the codebook's size; 0: count-only).
    public var facetCount: Int
    /// The facet codebook's version the releases are made under (empty when count-only).
    public var facetCodebookVersion: String
    /// The most epochs a unit may report in over any 24 hours (K): the server issues at most this
    /// many tokens per App Attest key for any 24 hours, so a day composes over K epochs, not all of them.
    public var dailyEpochCap: Int
    /// The δ spent converting the day's zCDP guarantee into (ε, δ)-DP.
    public var conversionDelta: Double
    /// The daily ε the operator promises (published; ``ReleaseParameters/withinDayTarget`` says
    /// whether the budgets meet it).
    public var targetDayEpsilon: Double
    /// The daily δ the operator promises.
    public var targetDayDelta: Double
    /// Base tiles of the public tile domain (the service area's tiles, public before any
    /// report): every one of them, and its parents, gets noise and no partition selection is
    /// made (no selection δ). 0: partition selection over the tiles that have reports.
    public var publicDomainSize: Int = 0
    /// Over a public domain, the expected number of empty tiles a release may show (the display
    /// threshold τ is set from it and the domain size).
    public var expectedNoiseOnlyTiles: Double = HeatConfiguration.recommendedExpectedNoiseOnlyTiles

    /// The most a TTL may be for epochs of 30 minutes or less, seconds.
    public static let maximumTTLSeconds: Int64 = 1_800
    /// The daily target of the recommended configuration: ε ≤ 2 per person per day.
    public static let recommendedDayEpsilon = 2.0
    /// The daily target of the recommended configuration: δ ≤ 10⁻⁵ per person per day.
    public static let recommendedDayDelta = 1e-5
    /// The recommended cap on reporting epochs per device in any 24 hours: every hourly epoch.
    /// With batch issuance a phone plans its epochs before it knows where it will be, so a cap
    /// below the day's epochs only drops reports at random (K/24 of the hours it is out); the
    /// count then grows like K and the noise like √K, so the whole day is best (issue 33's
    /// curve: 51 % of busy cells at K = 8, 74 % at 24, on a 10⁴-tile domain). It also makes
    /// every phone hold a token for every epoch, so a batch says nothing about when it reports.
    public static let recommendedDailyEpochCap = 24
    /// The cap of ``partitionSelection``: 8 of a day's 96 quarter-hours.
    public static let partitionSelectionDailyEpochCap = 8
    /// Over a public domain, the recommended expected number of empty tiles shown per release.
    public static let recommendedExpectedNoiseOnlyTiles = 0.5
    /// The recommended epoch length, seconds: an hour (issue 33's curve: one report per device per
    /// hour collects the people of an hour, at the same daily cap).
    public static let recommendedEpochSeconds: Int64 = 3_600
    /// The public domain size ``recommended`` is stated for: a city's service area of about 10⁴
    /// base tiles. It sets only the display threshold τ (σ, ε and δ do not depend on it); a
    /// server sets ``publicDomainSize`` to its own domain's (`loci serve` builds it from its
    /// place store).
    public static let recommendedPublicDomainSize = 10_000

    /// The recommended configuration, what the measured curve chose (`docs/tidepool.md`): a public
    /// tile domain (noise on every domain tile, no partition selection, τ only a display
    /// threshold) of ``recommendedPublicDomainSize`` tiles, hourly epochs, a TTL of one epoch,
    /// k_min = 5, a report in each of the 24 hourly epochs at most (any 24 hours), and budgets meeting
    /// ε = 2, δ = 10⁻⁵ per device per day, count-only (a server with a facet codebook sets
    /// ``facetCount`` and the version).
    public static let recommended = daily(
        epsilon: recommendedDayEpsilon, delta: recommendedDayDelta, dailyEpochCap: recommendedDailyEpochCap,
        epochSeconds: recommendedEpochSeconds, ttlSeconds: defaultTTLSeconds(epochSeconds: recommendedEpochSeconds),
        publicDomainSize: recommendedPublicDomainSize)

    /// Partition selection over 15-minute epochs at the same daily target: the default before
    /// issue 33, what `loci serve --tile-domain reported --epoch-seconds 900` runs (no public
    /// domain: a tile shows only when its noisy count clears a τ set by a selection δ).
    public static let partitionSelection = daily(
        epsilon: recommendedDayEpsilon, delta: recommendedDayDelta, dailyEpochCap: partitionSelectionDailyEpochCap)

    /// The most a TTL may be for epochs of `epochSeconds`: 30 minutes, or one epoch when epochs
    /// are longer (so one release is always readable until the next replaces it).
    public static func maximumTTLSeconds(epochSeconds: Int64) -> Int64 { max(maximumTTLSeconds, epochSeconds) }

    /// The TTL `loci serve` and the simulator use for epochs of `epochSeconds`: two epochs, at
    /// most ``maximumTTLSeconds(epochSeconds:)`` (30 min for 15-minute epochs, an hour for
    /// hourly ones: the map is never left without a release between two closes).
    public static func defaultTTLSeconds(epochSeconds: Int64) -> Int64 {
        min(maximumTTLSeconds(epochSeconds: epochSeconds), 2 * epochSeconds)
    }

    /// Creates a configuration (checked by ``mechanisms()`` when an aggregator is made).
    public init(
        epochSeconds: Int64, ttlSeconds: Int64, kMin: Int, levels: [LevelBudget], facetCount: Int = 0,
        facetCodebookVersion: String = "", dailyEpochCap: Int, conversionDelta: Double,
        targetDayEpsilon: Double = recommendedDayEpsilon, targetDayDelta: Double = recommendedDayDelta
    ) {
        self.targetDayEpsilon = targetDayEpsilon
        self.targetDayDelta = targetDayDelta
        self.epochSeconds = epochSeconds
        self.ttlSeconds = ttlSeconds
        self.kMin = kMin
        self.levels = levels
        self.facetCount = facetCount
        self.facetCodebookVersion = facetCodebookVersion
        self.dailyEpochCap = dailyEpochCap
        self.conversionDelta = conversionDelta
    }

    /// A configuration whose budgets meet a daily (ε, δ) per person
    /// (``LevelBudget/daily(epsilon:delta:dailyEpochCap:shares:selection:)``): with partition
    /// selection δ/2 goes to the conversion and δ/2 to selection; over a public domain
    /// (`publicDomainSize > 0`) there is no selection and all of δ goes to the conversion.
    public static func daily(
        epsilon: Double, delta: Double, dailyEpochCap: Int, shares: [LevelShare] = LevelShare.recommended,
        epochSeconds: Int64 = 900, ttlSeconds: Int64 = 1_800, kMin: Int = 5, facetCount: Int = 0,
        facetCodebookVersion: String = "", publicDomainSize: Int = 0,
        expectedNoiseOnlyTiles: Double = recommendedExpectedNoiseOnlyTiles
    ) -> HeatConfiguration {
        let selection = publicDomainSize <= 0
        var configuration = HeatConfiguration(
            epochSeconds: epochSeconds, ttlSeconds: ttlSeconds, kMin: kMin,
            levels: LevelBudget.daily(
                epsilon: epsilon, delta: delta, dailyEpochCap: dailyEpochCap, shares: shares, selection: selection),
            facetCount: facetCount, facetCodebookVersion: facetCodebookVersion, dailyEpochCap: dailyEpochCap,
            conversionDelta: selection ? delta / 2 : delta, targetDayEpsilon: epsilon, targetDayDelta: delta)
        configuration.publicDomainSize = max(0, publicDomainSize)
        configuration.expectedNoiseOnlyTiles = expectedNoiseOnlyTiles
        return configuration
    }

    /// Epochs in a day.
    public var epochsPerDay: Int { Int(86_400 / max(1, epochSeconds)) }

    /// The epoch containing a Unix time, seconds.
    public func epoch(containing unixSeconds: Int64) -> Int64 {
        unixSeconds >= 0 ? unixSeconds / epochSeconds : (unixSeconds - epochSeconds + 1) / epochSeconds
    }

    /// The UTC day (days since 1970-01-01) of an epoch's start: the unit of the daily cap.
    public func day(ofEpoch epoch: Int64) -> Int64 {
        let start = epoch * epochSeconds
        return start >= 0 ? start / 86_400 : (start - 86_399) / 86_400
    }

    /// Builds the per-level mechanisms, refusing out-of-range settings.
    /// - Throws: ``HeatAggregationError/invalidParameter(name:value:reason:)`` naming the field.
    public func mechanisms() throws(HeatAggregationError) -> [LevelMechanisms] {
        guard epochSeconds >= 60, epochSeconds <= 86_400 else {
            throw .invalidParameter(
                name: "epochSeconds", value: Double(epochSeconds), reason: "must be in 60...86400")
        }
        let ttlLimit = Self.maximumTTLSeconds(epochSeconds: epochSeconds)
        guard ttlSeconds >= 0, ttlSeconds <= ttlLimit else {
            throw .invalidParameter(
                name: "ttlSeconds", value: Double(ttlSeconds), reason: "must be in 0...\(ttlLimit)")
        }
        guard facetCount >= 0, facetCount <= 64 else {
            throw .invalidParameter(name: "facetCount", value: Double(facetCount), reason: "must be in 0...64")
        }
        guard dailyEpochCap >= 1, dailyEpochCap <= epochsPerDay else {
            throw .invalidParameter(
                name: "dailyEpochCap", value: Double(dailyEpochCap), reason: "must be in 1...\(epochsPerDay)")
        }
        guard conversionDelta.isFinite, conversionDelta > 0, conversionDelta < 0.1 else {
            throw .invalidParameter(name: "conversionDelta", value: conversionDelta, reason: "must be in (0, 0.1)")
        }
        guard publicDomainSize >= 0 else {
            throw .invalidParameter(
                name: "publicDomainSize", value: Double(publicDomainSize), reason: "must not be negative")
        }
        guard levels.contains(where: \.isEnabled) else {
            throw .invalidParameter(name: "levels", value: 0, reason: "at least one level must be enabled")
        }
        var result: [LevelMechanisms] = []
        for (index, budget) in levels.enumerated() {
            guard budget.isEnabled else {
                result.append(LevelMechanisms(count: nil, facets: nil))
                continue
            }
            let count: GaussianThreshold
            var facets: DiscreteGaussian?
            do {
                let noise = try DiscreteGaussian(rho: budget.countRho)
                count =
                    publicDomainSize > 0
                    ? try GaussianThreshold(
                        noise: noise, publicDomainSize: publicDomainSize,
                        expectedNoiseOnlyTiles: expectedNoiseOnlyTiles, kMin: kMin)
                    : try GaussianThreshold(noise: noise, delta: budget.selectionDelta, kMin: kMin)
                if facetCount > 0 && budget.facetRho > 0 { facets = try DiscreteGaussian(rho: budget.facetRho) }
            } catch {
                guard case .invalidParameter(let name, let value, let reason) = error else { throw error }
                throw .invalidParameter(name: "levels[\(index)].\(name)", value: value, reason: reason)
            }
            result.append(LevelMechanisms(count: count, facets: facets))
        }
        return result
    }
}

/// The calibrated mechanisms of one level.
public struct LevelMechanisms: Sendable, Equatable {
    /// Noisy count with partition selection (nil: the level is disabled).
    public let count: GaussianThreshold?
    /// Noise of each cell of a released tile's facet histogram (nil: count-only).
    public let facets: DiscreteGaussian?
}

extension HeatConfiguration {
    /// The parameters every release made with this configuration publishes (what a heat
    /// read's `meta` carries even before the first release exists).
    /// - Throws: the errors of ``mechanisms()``.
    public func publishedParameters() throws(HeatAggregationError) -> ReleaseParameters {
        ReleaseParameters(configuration: self, mechanisms: try mechanisms())
    }
}
