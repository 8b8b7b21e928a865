import LociLocalization
import WrappedKit

/// A place as the screens show it: label, counts and visits, and its representative photos.
public struct PlaceSummary: Sendable, Equatable, Identifiable {
    /// The place id (stable for the same photos; what hiding stores).
    public var id: String
    /// Rank among the visible places from 1, or `nil` when hidden.
    public var rank: Int?
    /// The label ("Kallio, Helsinki"), never a street address.
    public var label: String
    /// Photos taken there.
    public var photoCount: Int
    /// Distinct local days with photos there.
    public var dayCount: Int
    /// The first local day with a photo there.
    public var firstVisit: LocalDate
    /// The last local day with a photo there.
    public var lastVisit: LocalDate
    /// Up to nine photo ids evenly spaced in time (seed §10.5).
    public var representativeIDs: [String]
    /// Whether the user hid it.
    public var isHidden: Bool

    /// The summary of `place` at `rank`, its label in `language`.
    public init(_ place: PlaceCluster, rank: Int?, language: AppLanguage = .current) {
        id = place.id
        self.rank = rank
        label = WrappedCopy.placeLabel(place, in: language)
        photoCount = place.photoCount
        dayCount = place.distinctDays
        firstVisit = place.firstDay
        lastVisit = place.lastDay
        representativeIDs = place.representativeIDs
        isHidden = place.isHidden
    }

    /// "212 photos".
    public func photosLine(in language: AppLanguage = .current) -> String {
        WrappedCopy.photos(photoCount, in: language)
    }
    /// "40 days".
    public func daysLine(in language: AppLanguage = .current) -> String { WrappedCopy.days(dayCount, in: language) }
    /// "First visit 3 February 2025", the first visit's day.
    public func firstVisitLine(in language: AppLanguage = .current) -> String {
        WrappedCopy.firstVisit(firstVisit, in: language)
    }
    /// "Last visit 20 December 2025".
    public func lastVisitLine(in language: AppLanguage = .current) -> String {
        WrappedCopy.lastVisit(lastVisit, in: language)
    }
    /// "212 photos · 40 days" (a list row).
    public func countsLine(in language: AppLanguage = .current) -> String {
        WrappedCopy.placeCounts(photos: photoCount, days: dayCount, in: language)
    }

    /// Every place of `result` (visible ones ranked from 1, hidden ones unranked), in rank order.
    static func all(in result: WrappedResult, language: AppLanguage) -> [PlaceSummary] {
        var rank = 0
        return result.places.map { place in
            if !place.isHidden { rank += 1 }
            return PlaceSummary(place, rank: place.isHidden ? nil : rank, language: language)
        }
    }
}
