import LibraryKit
import LociLocalization
import Observation
import PlaceKit

/// What the weights screen shows: the user's scoring weights for name and category searches.
public struct WeightsState: Sendable, Equatable {
    /// Weights for searches by name.
    public var nameQuery: ScoringWeights = .nameQueryDefault
    /// Weights for searches by category.
    public var categoryQuery: ScoringWeights = .categoryQueryDefault
    /// The last error, in one line.
    public var error: String?

    /// The weights for `kind`.
    public func weights(for kind: QueryKind) -> ScoringWeights {
        switch kind {
        case .name: nameQuery
        case .category: categoryQuery
        }
    }
}

/// One weight of the score a person can set.
public enum WeightFactor: String, Sendable, CaseIterable, Hashable {
    case distance, popularity, queryRelevance, categoryMatch, businessStatus, dataCompleteness

    /// Its name on the screen, in the person's language.
    public var title: String { title(in: .current) }

    /// Its name on the screen in `language`.
    public func title(in language: AppLanguage) -> String {
        let t = Localizer(.andAway, language)
        switch self {
        case .distance: return t("Distance")
        case .popularity: return t("Popularity")
        case .queryRelevance: return t("Matches what I typed")
        case .categoryMatch: return t("Matches the category")
        case .businessStatus: return t("Open now")
        case .dataCompleteness: return t("Complete details")
        }
    }

    /// Its value in `weights`.
    public func value(in weights: ScoringWeights) -> Double {
        switch self {
        case .distance: weights.distance
        case .popularity: weights.popularity
        case .queryRelevance: weights.queryRelevance
        case .categoryMatch: weights.categoryMatch
        case .businessStatus: weights.businessStatus
        case .dataCompleteness: weights.dataCompleteness
        }
    }

    func set(_ value: Double, in weights: inout ScoringWeights) {
        switch self {
        case .distance: weights.distance = value
        case .popularity: weights.popularity = value
        case .queryRelevance: weights.queryRelevance = value
        case .categoryMatch: weights.categoryMatch = value
        case .businessStatus: weights.businessStatus = value
        case .dataCompleteness: weights.dataCompleteness = value
        }
    }
}

/// The search-result weights (seed §6 `ScoringWeights`), set with one slider per factor: moving
/// one scales the others so the six still sum to 1, and each change is saved in the library
/// (and synced with it); the next search orders by them.
@MainActor @Observable
public final class WeightsModel {
    /// What the screen shows.
    public internal(set) var state = WeightsState()
    @ObservationIgnored let environment: AndAwayEnvironment

    /// A model over `environment`.
    public init(environment: AndAwayEnvironment) { self.environment = environment }

    /// Reads the stored weights.
    public func load() {
        do {
            let preferences = try environment.store.preferences()
            state.nameQuery = preferences.nameQuery
            state.categoryQuery = preferences.categoryQuery
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(.preferences, "\(error)")
        }
    }

    /// Sets one factor for `kind` (clamped to 0…1) and rescales the other five to fill the rest.
    public func set(_ factor: WeightFactor, to value: Double, for kind: QueryKind) {
        let value = value.isFinite ? min(1, max(0, value)) : 0
        var weights = state.weights(for: kind)
        let others = WeightFactor.allCases.filter { $0 != factor }
        let rest = others.map { $0.value(in: weights) }.reduce(0, +)
        for other in others {
            let share = rest > 0 ? other.value(in: weights) / rest : 1 / Double(others.count)
            other.set((1 - value) * share, in: &weights)
        }
        factor.set(value, in: &weights)
        save(weights, for: kind)
    }

    /// Puts the seed's defaults back for both kinds.
    public func resetDefaults() {
        save(.nameQueryDefault, for: .name)
        save(.categoryQueryDefault, for: .category)
    }

    func save(_ weights: ScoringWeights, for kind: QueryKind) {
        var preferences = Preferences(nameQuery: state.nameQuery, categoryQuery: state.categoryQuery)
        switch kind {
        case .name: preferences.nameQuery = weights
        case .category: preferences.categoryQuery = weights
        }
        do {
            try environment.store.setPreferences(preferences)
            state.nameQuery = preferences.nameQuery
            state.categoryQuery = preferences.categoryQuery
            state.error = nil
        } catch {
            state.error = AndAwayCopy.failed(.weights, "\(error)")
        }
    }
}
