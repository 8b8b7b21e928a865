// libFuzzer harness for the XML readers: XMLPull's XMLPullReader and OSMKit's OSMXMLReader on it
// (see scripts/fuzz-osm and docs/reliability.md).
//
// Each input is read three ways: by XMLPullReader from one buffer, by XMLPullReader from a source
// that hands out tiny chunks (1–13 bytes, chosen by the input's length), and by OSMXMLReader. The two
// pull readers must report the same events and the same error (streaming must not change the
// result). Any thrown error is a pass; a crash, a trap, a disagreement, a hang (libFuzzer -timeout),
// memory over -rss_limit_mb/-malloc_limit_mb or a leak (LeakSanitizer is on) is a finding.
import Foundation
import OSMKit
import XMLPull

/// Small limits so that the fuzzer reaches every limit check with short inputs.
private let limits = XMLLimits(
    maximumDepth: 24, maximumNameLength: 40, maximumAttributeCount: 12, maximumValueLength: 2_000,
    maximumTokenLength: 8_000, maximumInputLength: 60_000)

/// One event and where it starts, or the final outcome (`event` nil: the end, or `error`).
private struct Step: Equatable {
    var event: XMLEvent?
    var position: XMLPosition
    var error: XMLError?
}

/// Every event and the final outcome of reading `bytes` with one chunk size.
private func transcript(_ bytes: [UInt8], chunkSize: Int) -> [Step] {
    let reader = XMLPullReader(
        source: XMLBytesSource(bytes, chunkSize: chunkSize), limits: limits, readSize: 16)
    var steps: [Step] = []
    do {
        while let event = try reader.nextEvent() {
            steps.append(Step(event: event, position: reader.position))
            precondition(reader.depth <= limits.maximumDepth)
        }
        steps.append(Step(position: reader.position))
    } catch {
        steps.append(Step(position: error.position, error: error))
    }
    return steps
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let whole = transcript(bytes, chunkSize: .max)
    let chunked = transcript(bytes, chunkSize: size % 13 + 1)
    if whole != chunked {
        fatalError(
            "chunked reading disagrees:\n\(whole)\n---\n\(chunked)"
        )
    }
    do {
        let document = try OSMXMLReader(data: Data(bytes)).read()
        for node in document.block.nodes {
            precondition((-90...90).contains(node.latitude) && (-180...180).contains(node.longitude))
        }
        _ = document.block.ways.reduce(0) { $0 &+ $1.nodeIDs.count &+ $1.tags.count }
        _ = document.block.relations.reduce(0) { $0 &+ $1.members.count &+ $1.tags.count }
    } catch {
        // Rejecting hostile input with an error is the expected outcome.
    }
    return 0
}
