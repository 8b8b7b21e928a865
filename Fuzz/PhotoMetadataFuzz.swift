// libFuzzer harness for PhotoMetadata's reader (see scripts/fuzz-photos and docs/reliability.md).
//
// Reads the input as a whole file in memory. A thrown `PhotoMetadataError` is a pass, and so is a
// result with warnings (each warning's description is built); a crash, a trap, a hang (libFuzzer
// -timeout), a leak or memory over -rss_limit_mb/-malloc_limit_mb is a finding. The checks below catch values no valid file can produce.
import PhotoMetadata

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    do {
        let metadata = try PhotoMetadataReader.read(bytes: bytes)
        if let orientation = metadata.orientation { precondition((1...8).contains(orientation)) }
        if let width = metadata.width { precondition(width >= 0) }
        if let height = metadata.height { precondition(height >= 0) }
        for value in [metadata.latitude, metadata.longitude, metadata.altitude, metadata.imgDirection] {
            if let value { precondition(value.isFinite) }
        }
        _ = PhotoCaptureTime(metadata)
        for warning in metadata.warnings { _ = warning.description }  // warnings describe themselves too
    } catch {
        _ = error.description  // every error must describe itself without trapping
    }
    return 0
}
