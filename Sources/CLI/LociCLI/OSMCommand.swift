import ArgumentParser
import Foundation
import LociBenchmarks
import OSMKit

/// `loci osm …`: OpenStreetMap file tools.
struct OSMCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "osm",
        abstract: "OpenStreetMap file tools (.osm.pbf and .osm XML).",
        subcommands: [OSMStatsCommand.self]
    )
}

/// `loci osm stats FILE`: decode every block and print counts.
struct OSMStatsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stats",
        abstract: "Decode every element of an .osm.pbf or .osm file and print counts, bounds and id ranges."
    )

    @Argument(help: ArgumentHelp("The file to read (.osm.pbf, or .osm XML).", valueName: "FILE"))
    var file: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    struct Output: Encodable {
        struct Range: Encodable {
            let min: Int64
            let max: Int64
        }
        struct Bounds: Encodable {
            let min_lat: Double, min_lon: Double, max_lat: Double, max_lon: Double
        }
        let file: String
        let nodes: Int
        let ways: Int
        let relations: Int
        let tagged_nodes: Int
        let tags: Int
        let node_tags: Int
        let way_tags: Int
        let relation_tags: Int
        let way_node_refs: Int
        let relation_members: Int
        let blobs: Int
        let data_blocks: Int
        let node_bounds: Bounds?
        let node_ids: Range?
        let way_ids: Range?
        let relation_ids: Range?
        let writing_program: String?
        let required_features: [String]
        let seconds: Double
    }

    mutating func run() throws {
        guard FileManager.default.isReadableFile(atPath: file) else {
            throw InputError("\(file): no such readable file")
        }
        var stats = OSMFileStatistics()
        let seconds = try Stopwatch.nanoseconds { stats = try OSMFileStatistics.read(url: URL(fileURLWithPath: file)) } / 1e9
        let output = Output(
            file: file, nodes: stats.nodeCount, ways: stats.wayCount, relations: stats.relationCount,
            tagged_nodes: stats.taggedNodeCount, tags: stats.tagCount, node_tags: stats.nodeTagCount,
            way_tags: stats.wayTagCount, relation_tags: stats.relationTagCount,
            way_node_refs: stats.wayNodeCount, relation_members: stats.relationMemberCount,
            blobs: stats.blobCount, data_blocks: stats.dataBlockCount,
            node_bounds: stats.nodeBounds.map {
                Output.Bounds(
                    min_lat: $0.minLatitude, min_lon: $0.minLongitude, max_lat: $0.maxLatitude,
                    max_lon: $0.maxLongitude)
            },
            node_ids: stats.nodeIDRange.map { Output.Range(min: $0.lowerBound, max: $0.upperBound) },
            way_ids: stats.wayIDRange.map { Output.Range(min: $0.lowerBound, max: $0.upperBound) },
            relation_ids: stats.relationIDRange.map { Output.Range(min: $0.lowerBound, max: $0.upperBound) },
            writing_program: stats.header?.writingProgram,
            required_features: stats.header?.requiredFeatures ?? [], seconds: seconds)
        if json {
            print(try CLIJSON.pretty(output))
            return
        }
        func range(_ r: ClosedRange<Int64>?) -> String {
            r.map { "\($0.lowerBound)…\($0.upperBound)" } ?? "none"
        }
        print(
            """
            file          \(file)
            nodes         \(stats.nodeCount) (\(stats.taggedNodeCount) tagged), ids \(range(stats.nodeIDRange))
            ways          \(stats.wayCount) (\(stats.wayNodeCount) node refs), ids \(range(stats.wayIDRange))
            relations     \(stats.relationCount) (\(stats.relationMemberCount) members), ids \(range(stats.relationIDRange))
            tags          \(stats.tagCount) (nodes \(stats.nodeTagCount), ways \(stats.wayTagCount), relations \(stats.relationTagCount))
            node bounds   \(stats.nodeBounds?.description ?? "none")
            blobs         \(stats.blobCount) (\(stats.dataBlockCount) data blocks)
            written by    \(stats.header?.writingProgram ?? "unknown")
            decoded in    \(String(format: "%.3f", seconds)) s
            """)
    }
}
