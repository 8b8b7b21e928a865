import Foundation
import GeoKit
import LociTestSupport
import OSMKit
import PlaceKit

/// A fresh folder under the system temporary directory, deleted when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("loci-import-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// File names in the folder, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}

/// Counts taken straight from OSMKit blocks, independently of the importer.
struct IndependentCounts {
    var taggedElements = 0
    var nodePlaces = 0
    var closedBuildingWays = 0
    var completeClosedBuildingWays = 0

    static func read(_ url: URL) throws -> IndependentCounts {
        let all = try PBFReader(url: url).readAll()
        var counts = IndependentCounts()
        var nodeIDs = Set<Int64>()
        for node in all.nodes {
            nodeIDs.insert(node.id)
            guard !node.tags.isEmpty else { continue }
            counts.taggedElements += 1
            let coordinate = try Coordinate(latitude: node.latitude, longitude: node.longitude)
            if Place.fromOSM(type: .node, id: node.id, coordinate: coordinate, tags: node.tags.dictionary) != nil {
                counts.nodePlaces += 1
            }
        }
        counts.taggedElements += all.ways.filter { !$0.tags.isEmpty }.count
        counts.taggedElements += all.relations.filter { !$0.tags.isEmpty }.count
        for way in all.ways {
            let building = [way.tags["building"], way.tags["building:part"]].contains { value in
                guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
                return !value.isEmpty && value != "no"
            }
            guard building, way.nodeIDs.count >= 4, way.nodeIDs.first == way.nodeIDs.last else { continue }
            counts.closedBuildingWays += 1
            if way.nodeIDs.allSatisfy(nodeIDs.contains) { counts.completeClosedBuildingWays += 1 }
        }
        return counts
    }
}

