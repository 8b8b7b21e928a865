import Foundation
import GeoKit
import InterestKit
import Timestamps

/// Apple Maps saved places → venue tags.
///
/// Input: a JSON array of Apple Maps Server API `Place` objects (`name`, `coordinate`,
/// `poiCategory` such as `"Cafe"`), each with the `savedAt` ISO 8601 date the app shell adds
/// when it exports the user's saved places. `poiCategory` is read as the
/// venue tag of the same words first ("NationalPark" → `venue:national_park`), else as the MapKit
/// `MKPOICategory<Name>` through PlaceKit's registry; places without a category are skipped.
public struct AppleMapsSavedPlacesMapper: Sendable {
    struct SavedPlace: Decodable {
        var name: String
        var poiCategory: String?
        var savedAt: Date
    }

    private let canonicalizer: Canonicalizer

    /// A mapper canonicalising through `canonicalizer`.
    public init(canonicalizer: Canonicalizer) { self.canonicalizer = canonicalizer }

    /// Maps the saved places JSON.
    ///
    /// - Throws: ``IntegrationPayloadError`` naming the JSON path of a malformed element.
    public func map(_ json: Data) throws(IntegrationPayloadError) -> MappedInterests {
        let places: [SavedPlace]
        do {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .custom { decoder in
                let text = try decoder.singleValueContainer().decode(String.self)
                do {
                    return try ISO8601Instant.parse(text)
                } catch {
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "\(error)"))
                }
            }
            places = try decoder.decode([SavedPlace].self, from: json)
        } catch { throw IntegrationPayloadError.decoding(error, source: .appleMaps) }
        var accumulator = SignalAccumulator(source: .appleMaps)
        for place in places {
            guard let category = place.poiCategory, !category.isEmpty else { continue }
            let name = category.hasPrefix("MKPOICategory") ? String(category.dropFirst(13)) : category
            // A finer venue tag first ("NationalPark" → venue:national_park), then the registry.
            let finer = canonicalizer.canonicalize(Self.words(name), preferring: "venue").tag.flatMap {
                $0.category == "venue" ? $0 : nil
            }
            if let tag = finer ?? canonicalizer.canonicalize("MKPOICategory" + name).tag {
                accumulator.add(tag, lastSeen: place.savedAt, strength: 1)
            } else {
                accumulator.addUnknown(category)
            }
        }
        return accumulator.result
    }

    /// "NationalPark" → "National Park".
    static func words(_ camelCase: String) -> String {
        var result = ""
        for character in camelCase {
            if character.isUppercase, !result.isEmpty { result.append(" ") }
            result.append(character)
        }
        return result
    }
}

/// The categories of the places at a coordinate, for photo place clusters (the place store
/// answers it in the app; tests pass a table).
public protocol PlaceCategoryLookup: Sendable {
    /// Standard PlaceKit category ids of the places within `radius` metres of `coordinate`,
    /// most relevant first (empty when unknown).
    func categoryIDs(near coordinate: Coordinate, radius: Double) -> [String]
}

/// Photographed places (Photo Wrapped's place clusters, as the app reads them) → venue tags: each
/// visible place counts its distinct days for the categories of the places around its centre,
/// last seen on its last day. Hidden places are skipped (the user excluded them).
public struct PhotoClusterMapper: Sendable {
    private let canonicalizer: Canonicalizer
    private let lookup: any PlaceCategoryLookup
    /// Categories taken per cluster (default 2: a photo spot is rarely more than two things).
    public var categoriesPerCluster: Int

    /// A mapper over `lookup`.
    public init(canonicalizer: Canonicalizer, lookup: any PlaceCategoryLookup, categoriesPerCluster: Int = 2)
    {
        self.canonicalizer = canonicalizer
        self.lookup = lookup
        self.categoriesPerCluster = categoriesPerCluster
    }

    /// Maps the places; `timeZone` turns a place's last local day into an instant (noon).
    public func map(_ clusters: [PhotographedPlace], timeZone: TimeZone) -> MappedInterests {
        var accumulator = SignalAccumulator(source: .photos)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        for cluster in clusters where !cluster.isHidden {
            let day = cluster.lastDay
            let lastSeen =
                calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))
                ?? Date(timeIntervalSince1970: 0)
            let radius = max(50, min(cluster.radius, 300))
            for id in lookup.categoryIDs(near: cluster.centroid, radius: radius).prefix(categoriesPerCluster)
            {
                if let tag = InterestTag(category: "venue", slug: id),
                    canonicalizer.canonicalize(tag.rawValue).tag != nil
                {
                    accumulator.add(tag, count: cluster.distinctDays, lastSeen: lastSeen, strength: 1)
                } else {
                    accumulator.addUnknown(id)
                }
            }
        }
        return accumulator.result
    }
}

/// In-app favourites with a 1–5 star rating → venue tags (and the place's other interest tags,
/// such as its cuisines or music genres): strength (rating − 3) / 2, so 5 ★ is +1, 1 ★ is −1 (a
/// dislike pushes the vector away from the category) and 3 ★ is neutral (skipped).
public struct FavouritesMapper: Sendable {
    /// One rated place.
    public struct Favourite: Sendable, Codable, Equatable {
        /// The place id (`osm:node/123`).
        public var placeID: String
        /// Its PlaceKit category id.
        public var categoryID: String
        /// More of the place's interest tags (`cuisine:pizza`, `music:jazz`), counted like its
        /// category; empty by default (and when absent from JSON).
        public var tags: [String]
        /// Stars, 1…5.
        public var rating: Int
        /// When it was rated.
        public var ratedAt: Date

        /// Creates a favourite.
        public init(placeID: String, categoryID: String, tags: [String] = [], rating: Int, ratedAt: Date) {
            self.placeID = placeID
            self.categoryID = categoryID
            self.tags = tags
            self.rating = rating
            self.ratedAt = ratedAt
        }

        enum CodingKeys: String, CodingKey { case placeID, categoryID, tags, rating, ratedAt }

        /// Reads a favourite; `tags` may be absent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            placeID = try container.decode(String.self, forKey: .placeID)
            categoryID = try container.decode(String.self, forKey: .categoryID)
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
            rating = try container.decode(Int.self, forKey: .rating)
            ratedAt = try container.decode(Date.self, forKey: .ratedAt)
        }
    }

    private let canonicalizer: Canonicalizer

    /// A mapper canonicalising through `canonicalizer`.
    public init(canonicalizer: Canonicalizer) { self.canonicalizer = canonicalizer }

    /// Maps the favourites.
    ///
    /// - Throws: ``IntegrationPayloadError`` for a rating outside 1…5 (naming the place).
    public func map(_ favourites: [Favourite]) throws(IntegrationPayloadError) -> MappedInterests {
        var accumulator = SignalAccumulator(source: .favourites)
        for favourite in favourites {
            guard (1...5).contains(favourite.rating) else {
                throw IntegrationPayloadError(
                    source: .favourites,
                    detail: "rating \(favourite.rating) of \(favourite.placeID) is not 1…5")
            }
            guard favourite.rating != 3 else { continue }
            let strength = Double(favourite.rating - 3) / 2
            let venue = "venue:" + favourite.categoryID
            var seen: Set<InterestTag> = []
            for raw in [venue] + favourite.tags {
                guard let tag = canonicalizer.canonicalize(raw).tag else {
                    accumulator.addUnknown(raw == venue ? favourite.categoryID : raw)
                    continue
                }
                // A place counts once per tag, however many of its names lead there.
                if seen.insert(tag).inserted {
                    accumulator.add(tag, lastSeen: favourite.ratedAt, strength: strength)
                }
            }
        }
        return accumulator.result
    }
}

/// Instagram declared interests → tags, from the account data download's `your_topics.json`
/// (`{"topics_your_topics": [{"string_map_data": {"Name": {"value": "Hiking"}}}]}`). Instagram
/// gives no dates for topics, so every signal is dated at the export time.
public struct InstagramTopicsMapper: Sendable {
    struct Export: Decodable {
        struct Topic: Decodable {
            struct Value: Decodable { var value: String }
            var stringMapData: [String: Value]
            enum CodingKeys: String, CodingKey { case stringMapData = "string_map_data" }
        }
        var topics: [Topic]
        enum CodingKeys: String, CodingKey { case topics = "topics_your_topics" }
    }

    private let canonicalizer: Canonicalizer

    /// A mapper canonicalising through `canonicalizer`.
    public init(canonicalizer: Canonicalizer) { self.canonicalizer = canonicalizer }

    /// Maps the export, dating its signals at `exportedAt`.
    ///
    /// - Throws: ``IntegrationPayloadError`` naming the JSON path of a malformed element.
    public func map(_ json: Data, exportedAt: Date) throws(IntegrationPayloadError) -> MappedInterests {
        let export: Export
        do { export = try JSONDecoder().decode(Export.self, from: json) } catch {
            throw IntegrationPayloadError.decoding(error, source: .instagram)
        }
        var accumulator = SignalAccumulator(source: .instagram)
        for topic in export.topics {
            guard let name = topic.stringMapData["Name"]?.value, !name.isEmpty else { continue }
            if let tag = canonicalizer.canonicalize(name).tag {
                accumulator.add(tag, lastSeen: exportedAt, strength: 1)
            } else {
                accumulator.addUnknown(name)
            }
        }
        return accumulator.result
    }
}
