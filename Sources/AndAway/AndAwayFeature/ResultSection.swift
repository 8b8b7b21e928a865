import Foundation
import GeoKit
import LociLocalization
import PlaceKit

/// The sections of a result list, in the order they are shown.
public enum ResultSectionKind: String, Sendable, Hashable, CaseIterable {
    /// Places the user saved.
    case saved
    /// Open at the time of the search.
    case openNow
    /// Within the nearby radius (1 km).
    case nearby
    /// Everything else.
    case more

    /// The section header, in the person's language.
    public var title: String { title(in: .current) }

    /// The section header in `language`.
    public func title(in language: AppLanguage) -> String {
        let t = Localizer(.andAway, language)
        switch self {
        case .saved: return t("Saved")
        case .openNow: return t("Open now")
        case .nearby: return t("Nearby")
        case .more: return t("More")
        }
    }
}

/// One result row.
public struct ResultRow: Sendable, Hashable, Identifiable {
    /// The place.
    public var place: Place
    /// Metres from the user (or the search centre), when known.
    public var distance: Double?
    /// How it matched.
    public var match: MatchKind
    /// Whether the library holds a bookmark of it.
    public var isSaved: Bool
    /// Open now (true), closed (false), or unknown (nil).
    public var isOpen: Bool?

    /// The place's id.
    public var id: PlaceID { place.id }
}

/// A titled group of rows.
public struct ResultSection: Sendable, Hashable, Identifiable {
    /// Which section.
    public var kind: ResultSectionKind
    /// Its rows, best first.
    public var rows: [ResultRow]

    /// The kind.
    public var id: ResultSectionKind { kind }

    /// Splits organised results into And Away's sections: saved first (any saved result, however
    /// it matched), then open now, then ``PlaceKit/OrganizedSearchResults/nearbyResults``, then
    /// the rest (exact name matches, category matches, farther results, in that order). Every
    /// result appears once; empty sections are left out; within a section the given order stays.
    public static func sections(
        _ organized: OrganizedSearchResults, savedIDs: Set<PlaceID>, now: Date, timeZone: TimeZone
    ) -> [ResultSection] {
        var buckets: [ResultSectionKind: [ResultRow]] = [:]
        let nearbyIDs = Set(organized.nearbyResults.map(\.place.id))
        let ordered =
            organized.savedPlaces + organized.exactMatches + organized.nearbyResults + organized.categoryMatches
            + organized.extendedResults
        for result in ordered {
            let isOpen = result.place.openingHours?.isOpen(at: now, in: timeZone)
            let row = ResultRow(
                place: result.place, distance: result.distanceFromUser, match: result.matchType,
                isSaved: savedIDs.contains(result.place.id), isOpen: isOpen)
            let kind: ResultSectionKind =
                row.isSaved ? .saved : isOpen == true ? .openNow : nearbyIDs.contains(row.id) ? .nearby : .more
            buckets[kind, default: []].append(row)
        }
        return ResultSectionKind.allCases.compactMap { kind in
            buckets[kind].map { ResultSection(kind: kind, rows: $0) }
        }
    }
}
