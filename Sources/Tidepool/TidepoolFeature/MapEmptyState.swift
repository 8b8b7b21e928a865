import LociLocalization
import TidepoolClient

/// What the map says when nothing in view has heat yet: why, and places near the centre the
/// server suggests for this user (its personalised suggestions, each with its reason).
///
/// Suggestions rather than a fixed list of categories: they are real places in view, ranked by
/// the user's profile where there is one, so a tap opens details and a first favourite.
public struct MapEmptyState: Sendable, Equatable {
    /// The headline.
    public var title: String
    /// Why the map is empty, with the epoch length from the server.
    public var message: String
    /// Up to three places to explore, nearest suggestions first.
    public var suggestions: [SearchRow]

    /// The empty state for `viewport`, asking the server for suggestions around its centre
    /// (none when offline: the message still explains).
    static func suggesting(
        around viewport: MapViewport, heat: TidepoolHeat, client: any TidepoolPlacesAPI,
        language: AppLanguage = .current
    ) async -> MapEmptyState {
        let minutes = max(1, heat.meta.epochSeconds / 60)
        let center = viewport.center
        let answer = try? await client.suggestions(
            latitude: center.latitude, longitude: center.longitude, radius: max(1_000, viewport.radiusMeters), limit: 3)
        let rows = (answer?.results ?? []).map { SearchRow($0) }
        return MapEmptyState(
            title: TidepoolCopy.emptyTitle(in: language),
            message: TidepoolCopy.emptyMessage(minutes: minutes, suggesting: !rows.isEmpty, in: language),
            suggestions: rows)
    }
}
