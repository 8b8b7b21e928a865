import Foundation
import GeoKit
import OSMKit
import PlaceKit
import PlaceStore

/// The state of one import: the node table, the ways waiting for node coordinates, the batches
/// on their way to the store and the counts.
///
/// Ways are kept until the input ends (only candidates: tagged as a place category, a
/// building or a street — their node ids at 8 bytes each plus their tags), so files whose ways
/// come before some of their nodes still resolve.
struct ImportRun {
    private struct PendingWay {
        var id: Int64
        var nodeIDs: [Int64]
        var tags: [String: String]
        var wantsPlace: Bool
        var wantsBuilding: Bool
        var street: Street.Kind?
    }

    let writer: PlaceStoreWriter
    let registry: CategoryRegistry
    let batchSize: Int
    private var nodes = NodeCoordinateTable()
    private var pending: [PendingWay] = []
    private var placeBatch: [Place] = []
    private var buildingBatch: [Building] = []
    private var streetBatch: [Street] = []
    private(set) var result = PlaceImportResult()
    /// Places and buildings handed to the writer so far.
    private(set) var placesWritten = 0, buildingsWritten = 0
    /// Called after every block read and every batch written while resolving ways.
    let report: (PlaceImportProgress) -> Void

    init(
        writer: PlaceStoreWriter, registry: CategoryRegistry, batchSize: Int,
        report: @escaping (PlaceImportProgress) -> Void = { _ in }
    ) {
        self.writer = writer
        self.registry = registry
        self.batchSize = max(1, batchSize)
        self.report = report
    }

    /// The counts so far, in `phase`.
    func progress(_ phase: PlaceImportProgress.Phase) -> PlaceImportProgress {
        PlaceImportProgress(
            phase: phase, elementsRead: result.nodes + result.ways + result.relations,
            placesWritten: placesWritten, buildingsWritten: buildingsWritten)
    }

    /// Whether `tags` mark a building (`building` or `building:part`, not `no`), as
    /// `Building.fromOSM` decides.
    static func isBuilding(_ tags: [String: String]) -> Bool {
        [tags["building"], tags["building:part"]].contains {
            guard let value = $0?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            return !value.isEmpty && value != "no"
        }
    }

    /// Takes one block: stores node coordinates, writes node places, keeps candidate ways.
    mutating func add(_ block: OSMBlock) throws(PlaceStoreError) {
        result.nodes += block.nodes.count
        result.ways += block.ways.count
        result.relations += block.relations.count
        for node in block.nodes {
            nodes.append(id: node.id, latitude: node.latitude, longitude: node.longitude)
            guard !node.tags.isEmpty else { continue }
            result.taggedElements += 1
            guard let coordinate = try? Coordinate(latitude: node.latitude, longitude: node.longitude),
                let place = Place.fromOSM(
                    type: .node, id: node.id, coordinate: coordinate, tags: node.tags.dictionary, registry: registry)
            else { continue }
            placeBatch.append(place)
            result.placesFromNodes += 1
        }
        for way in block.ways where !way.tags.isEmpty {
            result.taggedElements += 1
            let tags = way.tags.dictionary
            let wantsPlace = registry.category(forTags: tags) != nil
            let wantsBuilding = Self.isBuilding(tags)
            let street = tags["highway"].flatMap(Street.Kind.init(highway:))
            guard wantsPlace || wantsBuilding || street != nil else { continue }
            pending.append(PendingWay(
                id: way.id, nodeIDs: way.nodeIDs, tags: tags, wantsPlace: wantsPlace, wantsBuilding: wantsBuilding,
                street: street))
        }
        for relation in block.relations where !relation.tags.isEmpty {
            result.taggedElements += 1
            let tags = relation.tags.dictionary
            if Self.isBuilding(tags) || registry.category(forTags: tags) != nil { result.skipped.relations += 1 }
        }
        result.nodeTableBytes = max(result.nodeTableBytes, nodes.memoryBytes)
        try flush(force: false)
        report(progress(.reading))
    }

    /// Resolves the pending ways into places and buildings and writes the last batches.
    mutating func finish() throws(PlaceStoreError) {
        nodes.seal()
        result.nodeTableBytes = max(result.nodeTableBytes, nodes.memoryBytes)
        let ways = pending
        pending = []
        report(progress(.resolvingWays))
        for way in ways {
            try resolve(way)
            if try flush(force: false) { report(progress(.resolvingWays)) }
        }
        try flush(force: true)
        result.places = result.placesFromNodes + result.placesFromWays
        report(progress(.finishing))
    }

    private mutating func resolve(_ way: PendingWay) throws(PlaceStoreError) {
        var ring: [Coordinate] = []
        ring.reserveCapacity(way.nodeIDs.count)
        // The longest run of vertices present in the file: a street clipped by the extract's
        // edge is still drawn up to the edge.
        var runStart = 0, longestRun = 0..<0
        var complete = true
        for id in way.nodeIDs {
            if let (latitude, longitude) = nodes.coordinate(of: id),
                let vertex = try? Coordinate(latitude: latitude, longitude: longitude)
            {
                ring.append(vertex)
                if ring.count - runStart > longestRun.count { longestRun = runStart..<ring.count }
            } else {
                complete = false
                runStart = ring.count
            }
        }
        if way.street != nil,
            let street = Street.fromOSM(type: .way, id: way.id, line: Array(ring[longestRun]), tags: way.tags)
        {
            streetBatch.append(street)
            result.streets += 1
        }
        guard way.wantsPlace || way.wantsBuilding else { return }
        guard complete, !ring.isEmpty else {
            result.skipped.waysWithMissingNodes += 1
            return
        }
        let isClosed = way.nodeIDs.count >= 4 && way.nodeIDs.first == way.nodeIDs.last
        if way.wantsPlace, let center = Self.centroid(isClosed ? Array(ring.dropLast()) : ring),
            let place = Place.fromOSM(type: .way, id: way.id, coordinate: center, tags: way.tags, registry: registry)
        {
            placeBatch.append(place)
            result.placesFromWays += 1
        }
        guard way.wantsBuilding else { return }
        guard isClosed else {
            result.skipped.openBuildingWays += 1
            return
        }
        if let building = Building.fromOSM(type: .way, id: way.id, footprint: ring, tags: way.tags) {
            buildingBatch.append(building)
            result.buildings += 1
        } else {
            result.skipped.degenerateBuildings += 1
        }
    }

    /// The mean of the vertices; longitudes are unwrapped first when the points span more than
    /// 180° (a way across the antimeridian).
    static func centroid(_ points: [Coordinate]) -> Coordinate? {
        guard !points.isEmpty else { return nil }
        let longitudes = points.map(\.longitude)
        let unwrap = (longitudes.max() ?? 0) - (longitudes.min() ?? 0) > 180
        var latitude = 0.0
        var longitude = 0.0
        for point in points {
            latitude += point.latitude
            longitude += unwrap && point.longitude < 0 ? point.longitude + 360 : point.longitude
        }
        let count = Double(points.count)
        return try? Coordinate(latitude: latitude / count, wrappingLongitude: longitude / count)
    }

    /// Writes the batches that are full (all of them when `force`); returns whether it wrote any.
    @discardableResult
    private mutating func flush(force: Bool) throws(PlaceStoreError) -> Bool {
        var wrote = false
        if !placeBatch.isEmpty && (force || placeBatch.count >= batchSize) {
            try writer.insert(placeBatch)
            placesWritten += placeBatch.count
            placeBatch.removeAll(keepingCapacity: true)
            wrote = true
        }
        if !buildingBatch.isEmpty && (force || buildingBatch.count >= batchSize) {
            try writer.insert(buildings: buildingBatch)
            buildingsWritten += buildingBatch.count
            buildingBatch.removeAll(keepingCapacity: true)
            wrote = true
        }
        if !streetBatch.isEmpty && (force || streetBatch.count >= batchSize) {
            try writer.insert(streets: streetBatch)
            streetBatch.removeAll(keepingCapacity: true)
            wrote = true
        }
        return wrote
    }
}
