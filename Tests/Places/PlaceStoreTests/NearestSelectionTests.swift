import Testing

@testable import PlaceStore

@Suite("Bounded nearest selection of a cell scan's hits")
struct NearestSelectionTests {
    /// Keys with many tied distances (so the rowid tie-break matters), in a scrambled order.
    static func keys(count: Int) -> [(distance: Double, rowid: Int64)] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in
            (
                Double(Int.random(in: 0..<40, using: &generator)) * 12.5,
                Int64.random(in: 1...500, using: &generator)
            )
        }
    }

    @Test(
        "keeps exactly the first `limit` of a full sort by distance then rowid",
        arguments: [0, 1, 7, 60, 400])
    func matchesFullSort(limit: Int) {
        for _ in 0..<20 {
            let keys = Self.keys(count: 300)
            var selection = PlaceCellScan.NearestSelection(limit: limit)
            for (index, key) in keys.enumerated() {
                selection.offer(
                    distance: key.distance, rowid: key.rowid, index: index, starts: index % 3 == 0)
            }
            // The reference: the standard library's full sort of the same keys.
            let expected = keys.indices.sorted {
                (keys[$0].distance, keys[$0].rowid, $0) < (keys[$1].distance, keys[$1].rowid, $1)
            }.prefix(limit)
            let chosen = selection.chosen
            #expect(chosen.count == min(limit, keys.count))
            #expect(chosen.map(\.distance) == expected.map { keys[$0].distance })
            #expect(chosen.map(\.rowid) == expected.map { keys[$0].rowid })
            #expect(chosen.allSatisfy { $0.starts == ($0.index % 3 == 0) })
            #expect(chosen.allSatisfy { keys[$0.index].rowid == $0.rowid })
        }
    }
}
