import GRDB
import GeoKit
import PlaceKit

extension SQLitePlaceStore {
    /// Places whose name or alternative names match `text`, before ranking.
    ///
    /// Every folded query word (``SearchText/words(_:)``: at most 8, case and diacritics ignored)
    /// must begin a word of the names. With a `center`, space goes first: the box from
    /// `BoundingBox.around(center, radius:)` → the cell-packed name index's blobs for it (the
    /// R*Tree for boxes over ≈ 1° tall) → exact distance ≤ `radius` → word-prefix filter on the
    /// folded bytes, nearest first. Without one, an FTS5 prefix query (`"word"*` per word, quoted so
    /// no input can break the syntax), best `bm25` first. When fewer than
    /// ``fuzzyFallbackThreshold`` places match and none of their names begins with the whole
    /// query, a typo fallback adds names within the edit allowance
    /// (``PlaceCandidate/Match/fuzzy``) — every name in the radius, or without a centre the names
    /// sharing a word's first two letters (at most ``fuzzyScanLimit`` rows).
    ///
    /// Blank or punctuation-only text returns no candidates.
    ///
    /// - Parameters:
    ///   - radius: metres; required with a centre (default 5 km), ignored without.
    ///   - categories: only these categories (any when empty).
    /// - Throws: ``PlaceStoreError`` for a negative or non-finite radius or an SQLite failure —
    ///   never an FTS syntax error.
    public func candidates(
        matching text: String, near center: Coordinate?, radius: Double = 5_000,
        categories: [PlaceCategory.ID] = [], limit: Int = 50
    ) throws(PlaceStoreError) -> [PlaceCandidate] {
        try candidates(matching: text, near: center, radius: radius, categories: categories, limit: limit, decoding: .full)
    }

    /// ``candidates(matching:near:radius:categories:limit:)`` decoding `decoding` of each place.
    func candidates(
        matching text: String, near center: Coordinate?, radius: Double, categories: [PlaceCategory.ID],
        limit: Int, decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> [PlaceCandidate] {
        let words = SearchText.words(text)
        guard !words.isEmpty, limit > 0 else { return [] }
        if let center {
            let box = try Self.box(around: center, radius: radius, operation: "candidates(matching:)")
            return try spatialCandidates(
                words, box: box, center: center, radius: radius, categories: categories, limit: limit, decoding: decoding
            ).candidates
        }
        return try globalCandidates(words, categories: categories, limit: limit, decoding: decoding)
    }

    /// ``candidates(matching:near:radius:categories:limit:)`` and, in the same pass over the cells
    /// where it can, ``places(near:radius:categories:limit:)`` for `nearbyCategories` (each of
    /// which `categories` must allow): the category pool of a name query. Gives what the two calls
    /// give; an empty `nearbyCategories` or a zero `nearbyLimit` gives no nearby places.
    func candidates(
        matching text: String, near center: Coordinate, radius: Double, categories: [PlaceCategory.ID],
        limit: Int, nearbyCategories: [PlaceCategory.ID], nearbyLimit: Int, decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> (candidates: [PlaceCandidate], nearby: [NearbyPlace]) {
        let words = SearchText.words(text)
        let box = try Self.box(around: center, radius: radius, operation: "candidates(matching:)")
        let wantsNearby = !nearbyCategories.isEmpty && nearbyLimit > 0
        let filter = Set(Self.categoryFilterValues(categories))
        let fusable =
            wantsNearby && !words.isEmpty && limit > 0
            && (filter.isEmpty || Self.categoryFilterValues(nearbyCategories).allSatisfy(filter.contains))
        var nearby: (categories: [PlaceCategory.ID], limit: Int)?
        if fusable { nearby = (nearbyCategories, nearbyLimit) }
        let found =
            words.isEmpty || limit <= 0
            ? (candidates: [], nearby: nil)
            : try spatialCandidates(
                words, box: box, center: center, radius: radius, categories: categories, limit: limit,
                decoding: decoding, nearby: nearby)
        guard wantsNearby else { return (found.candidates, []) }
        if let fused = found.nearby { return (found.candidates, fused) }
        let places = try places(
            near: center, radius: radius, categories: nearbyCategories, limit: nearbyLimit, decoding: decoding)
        return (found.candidates, places)
    }

    /// Places inside `region` whose names match `text` (as in
    /// ``candidates(matching:near:radius:categories:limit:)``, without distances), most important first.
    public func candidates(
        matching text: String, in region: BoundingBox, categories: [PlaceCategory.ID] = [], limit: Int = 50
    ) throws(PlaceStoreError) -> [PlaceCandidate] {
        try candidates(matching: text, in: region, categories: categories, limit: limit, decoding: .full)
    }

    /// ``candidates(matching:in:categories:limit:)`` decoding `decoding` of each place.
    func candidates(
        matching text: String, in region: BoundingBox, categories: [PlaceCategory.ID], limit: Int,
        decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> [PlaceCandidate] {
        let words = SearchText.words(text)
        guard !words.isEmpty, limit > 0 else { return [] }
        return try spatialCandidates(
            words, box: region, center: nil, radius: 0, categories: categories, limit: limit, decoding: decoding
        ).candidates
    }

    /// Whether the typo scan should run after a prefix search that found `count` places: only
    /// when they are fewer than ``fuzzyFallbackThreshold`` (or `limit`) and none of their names
    /// begins with the whole query (a name that does is what the user typed; no typo to forgive).
    static func needsFuzzyFallback(found count: Int, limit: Int, anyNameStartsWithQuery: Bool) -> Bool {
        count < min(limit, fuzzyFallbackThreshold) && !anyNameStartsWithQuery
    }

    /// The text candidates in `box`; with `nearby`, and when the cell index serves the box, also
    /// the nearest places of those categories from the same pass (else `nearby` is `nil`).
    private func spatialCandidates(
        _ words: [String], box: BoundingBox, center: Coordinate?, radius: Double,
        categories: [PlaceCategory.ID], limit: Int, decoding: PlaceDecoding,
        nearby: (categories: [PlaceCategory.ID], limit: Int)? = nil
    ) throws(PlaceStoreError) -> (candidates: [PlaceCandidate], nearby: [NearbyPlace]?) {
        try read("candidates(matching:near:)") { db in
            // The cell index when the box is small enough, else the R*Tree; both give the same hits.
            let scan = usesCellIndex
                ? try PlaceCellScan.load(
                    box: box, center: center, radius: radius, categories: categories,
                    extraCategories: nearby?.categories ?? [], db,
                    test: PlaceCellScan.prefixTest(words))
                : nil
            var nearbyPlaces: [NearbyPlace]?
            if let scan, let nearby {
                let chosen = scan.nearestOfExtraCategories(limit: nearby.limit)
                let places = if decoding == .light {
                    try scan.lightPlaces(chosen)
                } else {
                    try Self.fetchPlaces(rowids: chosen.map(\.rowid), db, decoding: decoding)
                }
                nearbyPlaces = chosen.compactMap { hit in
                    places[hit.rowid].map { NearbyPlace(place: $0, distance: hit.distance ?? 0) }
                }
            }
            // Only the nearest `limit` prefix hits are needed: the cell scan selects them without
            // sorting the rest (the fallback below runs only when all of them fit).
            var hits: [SpatialHit]
            let found: (count: Int, anyStartsWithQuery: Bool)
            if let scan {
                let nearest = scan.nearestHits(words: words, limit: limit)
                hits = nearest.hits
                found = (nearest.count, nearest.anyStartsWithQuery)
            } else {
                hits = try Self.spatialHits(
                    in: box, center: center, radius: radius, categories: categories, words: words, db)
                found = (hits.count, hits.contains(where: \.nameStartsWithQuery))
            }
            var matches = hits.prefix(limit).map { ($0, PlaceCandidate.Match.prefix) }
            var fuzzyScan: PlaceCellScan?
            if Self.needsFuzzyFallback(
                found: found.count, limit: limit, anyNameStartsWithQuery: found.anyStartsWithQuery)
            {
                // Every prefix hit is in `hits` here: the fallback needs fewer than `limit`.
                let found = Set(hits.map(\.rowid))
                if scan != nil {
                    // A second pass over the same cells, matching in place.
                    if let scan, let test = PlaceCellScan.fuzzyTest(words, excluding: found) {
                        fuzzyScan = try scan.rescan(
                            box: box, center: center, radius: radius, categories: categories,
                            examineLimit: Self.fuzzyScanLimit, words: PlaceCellScan.fuzzyWordFilter(words), db,
                            test: test)
                    }
                    hits = fuzzyScan?.fuzzyHits() ?? []
                } else {
                    hits = try Self.fuzzyHits(
                        words, box: box, center: center, radius: radius, categories: categories, excluding: found, db)
                }
                matches += hits.prefix(limit - matches.count).map { ($0, .fuzzy) }
            }
            // Ranking pools decode from the cell records already read; results read the rows.
            let places: [Int64: Place]
            if let scan, decoding == .light {
                let prefix = try scan.lightPlaces(matches.filter { $0.1 == .prefix }.map(\.0))
                let fuzzy = try fuzzyScan?.lightPlaces(matches.filter { $0.1 == .fuzzy }.map(\.0)) ?? [:]
                places = prefix.merging(fuzzy) { first, _ in first }
            } else {
                places = try Self.fetchPlaces(rowids: matches.map(\.0.rowid), db, decoding: decoding)
            }
            var candidates = matches.compactMap { hit, match in
                places[hit.rowid].map { PlaceCandidate(place: $0, distance: hit.distance, match: match) }
            }
            if center == nil {
                candidates.sort { a, b in
                    a.match != b.match ? a.match == .prefix
                        : (a.place.importance != b.place.importance ? a.place.importance > b.place.importance : a.place.id < b.place.id)
                }
            }
            return (candidates, nearbyPlaces)
        }
    }

    /// Rows in the box not in `excluding` whose names match within the typo allowance, fewest
    /// edits first, then nearest.
    private static func fuzzyHits(
        _ words: [String], box: BoundingBox, center: Coordinate?, radius: Double,
        categories: [PlaceCategory.ID], excluding: Set<Int64>, _ db: Database
    ) throws -> [SpatialHit] {
        var matcher = FuzzyNameMatcher(words: words)
        guard matcher.canMatchFuzzily else { return [] }
        let filter = categoryFilter(categories)
        let sql = """
            SELECT p.rowid, p.lat, p.lon, p.search_text
            FROM places_rtree r CROSS JOIN places p ON p.rowid = r.id
            WHERE r.min_lat <= ? AND r.max_lat >= ? AND r.min_lon <= ? AND r.max_lon >= ?\(filter.sql)
            LIMIT \(fuzzyScanLimit)
            """
        var scored: [(hit: SpatialHit, edits: Int)] = []
        for part in box.nonWrappingParts {
            let arguments = StatementArguments([part.north, part.south, part.east, part.west]) + filter.arguments
            let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: arguments)
            while let row = try cursor.next() {
                let rowid = row.int64(0) ?? 0
                guard !excluding.contains(rowid), let coordinate = coordinate(row, 1) else { continue }
                let distance = center.map { Haversine.distance($0, coordinate) }
                if let distance { guard distance <= radius else { continue } } else { guard box.contains(coordinate) else { continue } }
                let text = row.string(3) ?? ""
                guard let edits = matcher.edits(in: text) else { continue }
                scored.append((SpatialHit(rowid: rowid, coordinate: coordinate, distance: distance), edits))
            }
        }
        scored.sort { ($0.edits, $0.hit.distance ?? 0, $0.hit.rowid) < ($1.edits, $1.hit.distance ?? 0, $1.hit.rowid) }
        var seen = Set<Int64>()
        return scored.map(\.hit).filter { seen.insert($0.rowid).inserted }
    }

    private func globalCandidates(
        _ words: [String], categories: [PlaceCategory.ID], limit: Int, decoding: PlaceDecoding
    ) throws(PlaceStoreError) -> [PlaceCandidate] {
        try read("candidates(matching:)") { db in
            let filter = Self.categoryFilter(categories)
            var rowids: [Int64] = []
            var anyNameStartsWithQuery = false
            if let query = SearchText.ftsPrefixQuery(words) {
                let sql = """
                    SELECT f.rowid, p.search_text FROM places_fts f CROSS JOIN places p ON p.rowid = f.rowid
                    WHERE places_fts MATCH ?\(filter.sql) ORDER BY f.rank LIMIT \(limit)
                    """
                let whole = " " + words.joined(separator: " ")
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [query] + filter.arguments)
                while let row = try cursor.next() {
                    rowids.append(row.int64(0) ?? 0)
                    anyNameStartsWithQuery = anyNameStartsWithQuery || (row.string(1)?.hasPrefix(whole) ?? false)
                }
            }
            var fuzzy: [Int64] = []
            var matcher = FuzzyNameMatcher(words: words)
            if Self.needsFuzzyFallback(found: rowids.count, limit: limit, anyNameStartsWithQuery: anyNameStartsWithQuery),
                matcher.canMatchFuzzily,
                let seed = SearchText.ftsFuzzySeedQuery(words)
            {
                let found = Set(rowids)
                let sql = """
                    SELECT p.rowid, p.search_text, p.importance FROM places_fts f CROSS JOIN places p ON p.rowid = f.rowid
                    WHERE places_fts MATCH ?\(filter.sql) LIMIT \(Self.fuzzyScanLimit)
                    """
                var scored: [(rowid: Int64, edits: Int, importance: Double)] = []
                let cursor = try Row.fetchCursor(db.cachedStatement(sql: sql), arguments: [seed] + filter.arguments)
                while let row = try cursor.next() {
                    let rowid = row.int64(0) ?? 0
                    guard !found.contains(rowid), let edits = matcher.edits(in: row.string(1) ?? "") else { continue }
                    scored.append((rowid, edits, row.double(2) ?? 0))
                }
                scored.sort { ($0.edits, -$0.importance, $0.rowid) < ($1.edits, -$1.importance, $1.rowid) }
                fuzzy = scored.prefix(limit - rowids.count).map(\.rowid)
            }
            let places = try Self.fetchPlaces(rowids: rowids + fuzzy, db, decoding: decoding)
            return rowids.compactMap { places[$0].map { PlaceCandidate(place: $0, distance: nil, match: .prefix) } }
                + fuzzy.compactMap { places[$0].map { PlaceCandidate(place: $0, distance: nil, match: .fuzzy) } }
        }
    }
}
