import Foundation
import GRDB
import GeoKit
import WrappedKit

/// Rows ↔ ``WrappedKit/WrappedResult``.
enum WrappedRunRecords {
    static func insert(_ result: WrappedResult, key: WrappedCacheKey, createdAt: Date, _ db: Database) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let stats = String(decoding: try encoder.encode(result.stats), as: UTF8.self)
        try db.execute(
            sql: """
                INSERT INTO wrapped_run (time_range_start, time_range_end, filters_hash, algorithm_version, access_privileges,
                    photo_set_fingerprint, label_source, total_assets, location_assets, location_coverage_pct,
                    undated_assets, is_low_coverage, empty_reason, stats_json, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
            arguments: WrappedDatabase.keyArguments(key) + [
                result.stats.total, result.stats.located, result.stats.coverage * 100, result.undatedCount,
                result.deck.isLowCoverage, result.deck.emptyReason, stats, createdAt.timeIntervalSince1970,
            ])
        let run = db.lastInsertedRowID
        let place = try db.makeStatement(
            sql: """
                INSERT INTO place_cluster (wrapped_run_id, rank, id, centroid_lat, centroid_lon, radius_m, photo_count,
                    distinct_days_count, first_day, last_day, label, label_confidence, representative_asset_ids, asset_ids, is_hidden)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for (rank, cluster) in result.places.enumerated() {
            try place.execute(arguments: [
                run, rank, cluster.id, cluster.centroid.latitude, cluster.centroid.longitude, cluster.radius, cluster.photoCount,
                cluster.distinctDays, cluster.firstDay.description, cluster.lastDay.description, cluster.label?.text,
                cluster.label?.confidence.rawValue, try json(cluster.representativeIDs, encoder), try json(cluster.assetIDs, encoder),
                cluster.isHidden,
            ])
        }
        let card = try db.makeStatement(sql: "INSERT INTO card_model (wrapped_run_id, render_order, type, payload) VALUES (?, ?, ?, ?)")
        for (order, model) in result.deck.cards.enumerated() {
            try card.execute(arguments: [run, order, model.kind.rawValue, try json(model, encoder)])
        }
        let asset = try db.makeStatement(
            sql: "INSERT INTO asset_ref (wrapped_run_id, asset_id, creation_time_ms, time_source) VALUES (?, ?, ?, ?)")
        for ref in result.assets { try asset.execute(arguments: [run, ref.id, ref.creationTimeMilliseconds, ref.timeSource.rawValue]) }
    }

    static func decode(_ run: Row, _ db: Database) throws -> WrappedResult {
        let id: Int64 = run["id"]
        let decoder = JSONDecoder()
        let stats = try decoder.decode(TimeStats.self, from: Data((run["stats_json"] as String).utf8))
        guard let from = LocalDate(iso: run["time_range_start"] as String), let to = LocalDate(iso: run["time_range_end"] as String) else {
            throw WrappedError.storeFailed("run \(id) has an unreadable range")
        }
        var places: [PlaceCluster] = []
        for row in try Row.fetchAll(db, sql: "SELECT * FROM place_cluster WHERE wrapped_run_id = ? ORDER BY rank", arguments: [id]) {
            let label: String? = row["label"]
            let confidence: String? = row["label_confidence"]
            guard let centroid = try? Coordinate(latitude: row["centroid_lat"], longitude: row["centroid_lon"]),
                let first = LocalDate(iso: row["first_day"] as String), let last = LocalDate(iso: row["last_day"] as String)
            else { throw WrappedError.storeFailed("run \(id): place \(row["id"] as String? ?? "?") is unreadable") }
            places.append(
                PlaceCluster(
                    id: row["id"], centroid: centroid, radius: row["radius_m"], photoCount: row["photo_count"],
                    distinctDays: row["distinct_days_count"], firstDay: first, lastDay: last,
                    assetIDs: try decoder.decode([String].self, from: Data((row["asset_ids"] as String).utf8)),
                    representativeIDs: try decoder.decode([String].self, from: Data((row["representative_asset_ids"] as String).utf8)),
                    label: label.map { PlaceLabel(text: $0, confidence: confidence.flatMap(LabelConfidence.init(rawValue:)) ?? .low) },
                    isHidden: row["is_hidden"]))
        }
        let cards = try Row.fetchAll(db, sql: "SELECT payload FROM card_model WHERE wrapped_run_id = ? ORDER BY render_order", arguments: [id])
            .map { try decoder.decode(Card.self, from: Data(($0["payload"] as String).utf8)) }
        let assets = try Row.fetchAll(
            db,
            sql: "SELECT asset_id, creation_time_ms, time_source FROM asset_ref WHERE wrapped_run_id = ? ORDER BY creation_time_ms, asset_id",
            arguments: [id]
        ).map { row throws -> AssetRef in
            guard let source = LocalTimeSource(rawValue: row["time_source"]) else {
                throw WrappedError.storeFailed("run \(id): asset \(row["asset_id"] as String? ?? "?") has an unknown time source")
            }
            return AssetRef(id: row["asset_id"], creationTimeMilliseconds: row["creation_time_ms"], timeSource: source)
        }
        return WrappedResult(
            from: from, to: to, stats: stats, places: places,
            deck: Deck(cards: cards, isLowCoverage: run["is_low_coverage"], emptyReason: run["empty_reason"]),
            undatedCount: run["undated_assets"], algorithmVersion: run["algorithm_version"], assets: assets)
    }

    private static func json(_ value: some Encodable, _ encoder: JSONEncoder) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
