/// Node id → coordinate, for resolving way geometry during an import.
///
/// Two parallel arrays: ids (`Int64`) and coordinates packed as two `Int32` in units of 10⁻⁷
/// degree (OSM's precision), so **16 bytes per node** once sealed (a `[Int64: (Double, Double)]`
/// dictionary costs about 40–50). Sorted OSM files (osmium, Geofabrik, the OSM API) list nodes
/// in ascending id order, so appending keeps the table sorted and ``seal()`` does nothing; an
/// unsorted file is sorted once at ``seal()`` (temporarily +8 bytes per node for the permutation).
struct NodeCoordinateTable {
    private var ids: [Int64] = []
    private var packed: [Int32] = []
    private var sorted = true

    /// Nodes stored.
    var count: Int { ids.count }

    /// Bytes held by the arrays (capacity, not count).
    var memoryBytes: Int { ids.capacity * 8 + packed.capacity * 4 }

    /// Adds a node; coordinates are rounded to 10⁻⁷ degree.
    /// - Complexity: amortised O(1).
    mutating func append(id: Int64, latitude: Double, longitude: Double) {
        if let last = ids.last, id <= last { sorted = false }
        ids.append(id)
        packed.append(Int32((latitude * 1e7).rounded()))
        packed.append(Int32((longitude * 1e7).rounded()))
    }

    /// Sorts by id if the nodes arrived out of order. Call once, after the last node.
    /// - Complexity: O(n log n) when unsorted, O(1) otherwise.
    mutating func seal() {
        guard !sorted else { return }
        let order = ids.indices.sorted { ids[$0] < ids[$1] }
        var newIDs = [Int64]()
        var newPacked = [Int32]()
        newIDs.reserveCapacity(ids.count)
        newPacked.reserveCapacity(packed.count)
        for index in order {
            newIDs.append(ids[index])
            newPacked.append(packed[2 * index])
            newPacked.append(packed[2 * index + 1])
        }
        ids = newIDs
        packed = newPacked
        sorted = true
    }

    /// The (latitude, longitude) of node `id` in degrees, or `nil` if absent. Requires ``seal()``.
    /// - Complexity: O(log n).
    func coordinate(of id: Int64) -> (latitude: Double, longitude: Double)? {
        var low = 0
        var high = ids.count
        while low < high {
            let middle = (low + high) / 2
            if ids[middle] < id { low = middle + 1 } else { high = middle }
        }
        guard low < ids.count, ids[low] == id else { return nil }
        return (Double(packed[2 * low]) / 1e7, Double(packed[2 * low + 1]) / 1e7)
    }
}
