extension RoadGraph {
    /// Checks every invariant listed on ``RoadGraph``.
    ///
    /// - Throws: ``RoadGraphError/inconsistent(what:)`` naming the first broken one.
    /// - Complexity: O(nodes + edges).
    public func validate() throws(RoadGraphError) {
        let n = nodeCount
        let m = edgeCount
        guard longitudes.count == n, osmNodeIDs.count == n, firstEdge.count == n + 1 else {
            throw .inconsistent(what: "node arrays differ in length")
        }
        guard
            [
                edgeLength.count, edgeModes.count, edgeCarSpeed.count, edgeClass.count, edgeName.count,
                edgeWay.count,
            ]
            .allSatisfy({ $0 == m })
        else { throw .inconsistent(what: "edge arrays differ in length") }
        guard firstEdge.first == 0, firstEdge.last.map(Int.init) == m else {
            throw .inconsistent(what: "edge offsets do not span 0..<\(m)")
        }
        for i in 0..<n where firstEdge[i] > firstEdge[i + 1] {
            throw .inconsistent(what: "edge offsets decrease at node \(i)")
        }
        for i in 0..<n where !(abs(latitudes[i]) <= 90 && abs(longitudes[i]) <= 180) {
            throw .inconsistent(what: "node \(i) has coordinates \(latitudes[i]),\(longitudes[i])")
        }
        for e in 0..<m {
            guard edgeTarget[e] >= 0, Int(edgeTarget[e]) < n else {
                throw .inconsistent(what: "edge \(e) points to node \(edgeTarget[e]) of \(n)")
            }
            guard edgeLength[e].isFinite, edgeLength[e] >= 0 else {
                throw .inconsistent(what: "edge \(e) has length \(edgeLength[e])")
            }
            guard edgeCarSpeed[e].isFinite, edgeCarSpeed[e] > 0 else {
                throw .inconsistent(what: "edge \(e) has car speed \(edgeCarSpeed[e])")
            }
            guard edgeName[e] >= -1, Int(edgeName[e]) < names.count else {
                throw .inconsistent(what: "edge \(e) has name index \(edgeName[e]) of \(names.count)")
            }
            guard HighwayClass(code: edgeClass[e]) != nil else {
                throw .inconsistent(what: "edge \(e) has class code \(edgeClass[e])")
            }
        }
    }
}
