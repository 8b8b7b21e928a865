import Foundation
import GooglePlaces
import PlaceKit
import PlaceStore

/// One search asked of several providers, a column per provider in the order asked (`loci
/// compare`; And Away's provider comparison).
///
/// A provider is built only when it is asked, from the source its kind needs (the place store
/// for `.local`, a Google configuration for `.google`), so a missing store does not stop a
/// Google-only comparison. A provider that cannot be built, or whose search fails, gives a column
/// with the reason and no results; the other columns still answer. Results are as the provider
/// ranked them (no rounding: that is the wire's business).
public struct PlaceComparison: Sendable {
    /// One provider's answer, or the reason it has none.
    public struct Column: Sendable {
        /// Who answered.
        public let provider: PlaceProviderKind
        /// The ranked results, best first; empty when ``failure`` is set.
        public let results: [RankedPlace]
        /// Why this provider has no answer (the error's one-line description), nil when it answered.
        public let failure: String?

        /// Creates a column from its parts.
        public init(provider: PlaceProviderKind, results: [RankedPlace], failure: String?) {
            self.provider = provider
            self.results = results
            self.failure = failure
        }
    }

    private let store: @Sendable () throws -> SQLitePlaceStore
    private let google: @Sendable () throws -> GooglePlacesConfiguration

    /// Creates the comparison from how each provider's source is obtained.
    ///
    /// - Parameters:
    ///   - store: opens the local place store; called once per comparison that asks `.local`.
    ///     What it throws becomes the local column's failure.
    ///   - google: the Google Places configuration (the key is read by the caller, for example
    ///     with ``GooglePlaces/GooglePlacesConfiguration/fromEnvironment(_:baseURL:languageCode:)``);
    ///     called once per comparison that asks `.google`.
    public init(
        store: @escaping @Sendable () throws -> SQLitePlaceStore,
        google: @escaping @Sendable () throws -> GooglePlacesConfiguration
    ) {
        self.store = store
        self.google = google
    }

    /// Asks each provider in `providers` for `request`, one after another, in that order.
    ///
    /// Never throws: every failure is kept in its column. A provider named twice answers twice.
    public func compare(_ request: SearchRequest, providers: [PlaceProviderKind]) async -> [Column] {
        var columns: [Column] = []
        for kind in providers {
            columns.append(await answer(kind, request: request))
        }
        return columns
    }

    private func answer(_ kind: PlaceProviderKind, request: SearchRequest) async -> Column {
        do {
            let services: PlaceServices =
                switch kind {
                case .local: try PlaceServices.make(.local, store: try store())
                case .google: try PlaceServices.make(.google, google: try google())
                }
            return Column(provider: kind, results: try await services.search.searchPlaces(request), failure: nil)
        } catch {
            return Column(provider: kind, results: [], failure: "\(error)")
        }
    }
}
