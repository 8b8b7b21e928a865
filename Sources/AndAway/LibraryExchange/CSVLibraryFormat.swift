import Foundation
import LibraryKit

/// The CSV form: a header row, then one row per record; `type` says which (`bookmark`, `list`,
/// `search`, `weights`). Tags and list ids are joined with `;` (which tags may not hold);
/// weights as `name=value;…`; times ISO 8601. A file with only `name`, `latitude`, `longitude`
/// (and optionally `note`) columns imports as custom bookmarks.
enum CSVLibraryFormat {
    static let columns = [
        "type", "id", "name", "provider", "place_id", "latitude", "longitude", "coordinate_saved_at", "note",
        "tags", "lists",
        "created", "query_kind", "weights",
    ]

    static func write(_ library: Library) -> [UInt8] {
        var out = columns.joined(separator: ",") + "\r\n"
        out.reserveCapacity(library.bookmarks.count * 200)
        func row(_ values: [String: String]) {
            out += columns.map { CSVTable.field(values[$0] ?? "") }.joined(separator: ",")
            out += "\r\n"
        }
        for list in library.lists {
            row([
                "type": "list", "id": list.id, "name": list.name, "created": LibraryTime.format(list.created),
            ])
        }
        for b in library.bookmarks {
            row([
                "type": "bookmark", "id": b.id, "name": b.name, "provider": b.place.provider.rawValue,
                "place_id": b.place.id,
                "latitude": b.coordinate.map { ExchangeValues.degrees($0.latitude) } ?? "",
                "longitude": b.coordinate.map { ExchangeValues.degrees($0.longitude) } ?? "",
                "coordinate_saved_at": b.coordinateSavedAt.map(LibraryTime.format) ?? "", "note": b.note,
                "tags": b.tags.joined(separator: ";"), "lists": b.lists.joined(separator: ";"),
                "created": LibraryTime.format(b.created),
            ])
        }
        for h in library.history {
            row([
                "type": "search", "id": h.id, "name": h.query, "query_kind": h.kind.rawValue,
                "created": LibraryTime.format(h.at),
            ])
        }
        row([
            "type": "weights", "id": "name",
            "weights": ExchangeValues.weightsText(library.preferences.nameQuery),
        ])
        row([
            "type": "weights", "id": "category",
            "weights": ExchangeValues.weightsText(library.preferences.categoryQuery),
        ])
        return Array(out.utf8)
    }

    static func read(_ bytes: [UInt8], now: Date) throws(LibraryError) -> Library {
        let records = try CSVTable.records(bytes)
        guard let header = records.first else { throw LibraryError("empty file (no header row)") }
        var index: [String: Int] = [:]
        let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        for (position, name) in names.enumerated() {
            // Another tool's CSV (no `type` column) may have columns Loci does not read.
            guard columns.contains(name) else {
                if !names.contains("type") { continue }
                throw LibraryError("unknown column '\(name.prefix(40))'", at: "line 1")
            }
            guard index.updateValue(position, forKey: name) == nil else {
                throw LibraryError("column '\(name)' twice", at: "line 1")
            }
        }
        let foreign = index["type"] == nil
        if foreign, index["name"] == nil || index["latitude"] == nil || index["longitude"] == nil {
            throw LibraryError("needs a 'type' column, or 'name', 'latitude' and 'longitude'", at: "line 1")
        }
        var library = Library()
        var weights: [String: ScoringWeights] = [:]
        for record in records.dropFirst() {
            let at = "line \(record.line)"
            guard record.fields.count == header.fields.count else {
                throw LibraryError(
                    "\(record.fields.count) fields, the header has \(header.fields.count)", at: at)
            }
            func value(_ column: String) -> String { index[column].map { record.fields[$0] } ?? "" }
            func time(_ column: String) throws(LibraryError) -> Date {
                try ExchangeValues.time(value(column), "\(at) \(column)")
            }
            let type = foreign ? "bookmark" : value("type")
            switch type {
            case "bookmark":
                let lat = value("latitude")
                let lon = value("longitude")
                let coordinate = try ExchangeValues.coordinate(
                    lat.isEmpty ? nil : try ExchangeValues.number(lat, "\(at) latitude"),
                    lon.isEmpty ? nil : try ExchangeValues.number(lon, "\(at) longitude"), at)
                if foreign {
                    library.bookmarks.append(
                        Bookmark(
                            id: ExchangeValues.foreignID("csv", value("name"), lat, lon),
                            place: PlaceReference(provider: .custom, id: "csv:\(lat),\(lon)"),
                            name: value("name"), coordinate: coordinate,
                            note: value("note"), created: now))
                    continue
                }
                guard let provider = PlaceProvider(rawValue: value("provider")) else {
                    throw LibraryError(
                        "unknown provider '\(value("provider").prefix(40))'", at: "\(at) provider")
                }
                let saved = value("coordinate_saved_at")
                library.bookmarks.append(
                    Bookmark(
                        id: value("id"), place: PlaceReference(provider: provider, id: value("place_id")),
                        name: value("name"),
                        coordinate: coordinate,
                        coordinateSavedAt: saved.isEmpty ? nil : try time("coordinate_saved_at"),
                        note: value("note"), tags: Self.split(value("tags")),
                        lists: Self.split(value("lists")),
                        created: try time("created")))
            case "list":
                library.lists.append(
                    BookmarkList(id: value("id"), name: value("name"), created: try time("created")))
            case "search":
                guard let kind = QueryKind(rawValue: value("query_kind")) else {
                    throw LibraryError(
                        "unknown query kind '\(value("query_kind").prefix(40))'", at: "\(at) query_kind")
                }
                library.history.append(
                    SearchHistoryEntry(
                        id: value("id"), query: value("name"), kind: kind, at: try time("created")))
            case "weights":
                let which = value("id")
                guard which == "name" || which == "category" else {
                    throw LibraryError(
                        "weights are for 'name' or 'category', not '\(which.prefix(40))'", at: "\(at) id")
                }
                guard
                    weights.updateValue(
                        try ExchangeValues.weights(value("weights"), "\(at) weights"), forKey: which) == nil
                else {
                    throw LibraryError("\(which) weights given twice", at: at)
                }
            default:
                throw LibraryError(
                    "unknown type '\(type.prefix(40))' (bookmark, list, search, weights)", at: "\(at) type")
            }
        }
        library.preferences = Preferences(
            nameQuery: weights["name"] ?? .nameQueryDefault,
            categoryQuery: weights["category"] ?? .categoryQueryDefault)
        return library
    }

    static func split(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
    }
}
