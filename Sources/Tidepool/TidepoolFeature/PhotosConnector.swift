import Foundation
import GeoKit
import InterestIntegrations
import InterestKit

/// Where the places the user photographs come from: the phone's photo library, clustered on
/// the phone (Photo Wrapped's place clusters). Nothing it reads leaves the phone.
public protocol PhotographedPlaceSource: Sendable {
    /// Asks for access to the library and returns its photographed places and the time zone
    /// their days are counted in.
    /// - Throws: ``IntegrationError`` for `photos` (access refused, or the library failed).
    func photographedPlaces() async throws(IntegrationError) -> (
        places: [PhotographedPlace], timeZone: TimeZone
    )
}

/// What kinds of place are at a point: PlaceKit category ids of the places around it, most
/// relevant first (a map service's points of interest on the phone; a table in tests).
public protocol PlaceCategoryResolver: Sendable {
    /// Category ids of the places within `radius` metres of `coordinate` (empty when none known).
    /// - Throws: when the map service could not be asked (offline, throttled).
    func categoryIDs(near coordinate: Coordinate, radius: Double) async throws -> [String]
}

/// The Photos interest source: the places the user photographs, as venue tags (InterestIntegrations'
/// ``PhotoClusterMapper``: each place's categories, counted by its distinct days).
///
/// Only the chosen tags go to the server, with the profile; the photos, their places and the
/// categories found for them stay on the phone.
public struct PhotosConnector: IntegrationConnector {
    /// "photos", as the profile's `integrations` map names it.
    public let name = "photos"
    /// "Photos".
    public let displayName = "Photos"
    private let source: any PhotographedPlaceSource
    private let resolver: any PlaceCategoryResolver
    private let canonicalizer: Canonicalizer
    private let limit: Int
    private let placeLimit: Int

    /// A connector reading `source`, asking `resolver` what is at each of the `placeLimit`
    /// places photographed on the most days (a map service throttles at about 50 requests a
    /// minute, and a rarely photographed place says little), keeping the `limit` strongest tags.
    public init(
        source: any PhotographedPlaceSource, resolver: any PlaceCategoryResolver,
        canonicalizer: Canonicalizer,
        limit: Int = 10, placeLimit: Int = 40
    ) {
        self.source = source
        self.resolver = resolver
        self.canonicalizer = canonicalizer
        self.limit = limit
        self.placeLimit = placeLimit
    }

    /// Reads the photographed places, what kind of place each is, and returns the tags of the
    /// kinds seen on the most days (hidden places are skipped).
    /// - Throws: ``IntegrationError`` when the library cannot be read or no place has a known kind.
    public func connect() async throws(IntegrationError) -> [InterestTag] {
        let (library, timeZone) = try await source.photographedPlaces()
        // Hidden places are never looked up; of the rest, those seen on the most days.
        let places = Array(
            library.filter { !$0.isHidden }.sorted { $0.distinctDays > $1.distinctDays }.prefix(placeLimit))
        var table: [Coordinate: [String]] = [:]
        var failure: (any Error)?
        for place in places {
            // The mapper's own reach: the place's spread, 50 to 300 m.
            do {
                table[place.centroid] = try await resolver.categoryIDs(
                    near: place.centroid, radius: max(50, min(place.radius, 300)))
            } catch {
                failure = error
            }
        }
        // Not one place could be looked up: say so, rather than "no known kind".
        if let failure, table.isEmpty, !places.isEmpty {
            throw IntegrationError(integration: name, reason: TidepoolCopy.placeLookupFailed("\(failure)"))
        }
        let mapped = PhotoClusterMapper(
            canonicalizer: canonicalizer, lookup: ResolvedCategories(table: table)
        )
        .map(places, timeZone: timeZone)
        let tags = mapped.signals.sorted { ($0.count, $0.tag.rawValue) > ($1.count, $1.tag.rawValue) }
            .prefix(limit).map(\.tag)
        guard !tags.isEmpty else {
            throw IntegrationError(
                integration: name,
                reason: TidepoolCopy.noKnownPlaces(library.count))
        }
        return tags
    }
}

/// The categories found for each place, read back by the mapper.
private struct ResolvedCategories: PlaceCategoryLookup {
    let table: [Coordinate: [String]]

    func categoryIDs(near coordinate: Coordinate, radius: Double) -> [String] { table[coordinate] ?? [] }
}
