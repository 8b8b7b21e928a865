// libFuzzer harness for OSMKit's PBF reader (see scripts/fuzz-osm and docs/reliability.md).
//
// Reads the header and then every data block of the input as an in-memory `.osm.pbf`, with at most
// two blocks in flight so memory stays bounded. Any thrown `OSMError` is a pass; a crash, a trap, a
// hang (libFuzzer -timeout) or memory over -rss_limit_mb/-malloc_limit_mb is a finding.
import OSMKit

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var reader = PBFReader(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
    reader.maximumBlocksInFlight = 2
    do {
        _ = try reader.header()
        var elements = 0
        try reader.forEachBlock { block in
            // Touch every element so decoded values are used (and checked by ASan).
            for node in block.nodes {
                precondition((-90...90).contains(node.latitude) && (-180...180).contains(node.longitude))
                elements &+= node.tags.count &+ 1
            }
            for way in block.ways { elements &+= way.nodeIDs.count &+ way.tags.count }
            for relation in block.relations { elements &+= relation.members.count &+ relation.tags.count }
        }
        _ = elements
    } catch {
        // Rejecting hostile input with an error is the expected outcome.
    }
    return 0
}
