import LociWire

/// `loci compare --json`: a ``LociWire/WireComparison`` with every member of a column and of a
/// row present: a column's `error` and a row's `name`, `distance_m`, `score` and `match` are
/// `null` when they have no value.
struct ComparisonJSON: Encodable {
    /// The comparison.
    let comparison: WireComparison

    private enum CodingKeys: String, CodingKey {
        case query, lat, lon, radiusM = "radius_m", providers
    }

    private struct Column: Encodable {
        let provider: String
        let results: [NullMembers<WireComparison.Row>]
        @Nullable var error: String?
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(comparison.query, forKey: .query)
        try container.encode(comparison.lat, forKey: .lat)
        try container.encode(comparison.lon, forKey: .lon)
        try container.encode(comparison.radiusM, forKey: .radiusM)
        let columns = comparison.providers.map { column in
            Column(
                provider: column.provider,
                results: column.results.map { row in
                    NullMembers(
                        row,
                        nullWhen: [
                            "name": row.result.place.name == nil, "distance_m": row.result.distanceM == nil,
                            "score": row.result.score == nil, "match": row.result.match == nil,
                        ])
                }, error: column.error)
        }
        try container.encode(columns, forKey: .providers)
    }
}
