// libFuzzer harness for the multipart body of `POST /v1/identify` (see `scripts/fuzz-server identify`
// and docs/reliability.md). Compiled in one module with Sources/Server/LociServer/MultipartParser.swift,
// linked against PhotoMetadata.
//
// The input's first two bytes choose a chunk size (1…64) and a kept prefix (1…256 bytes); the rest
// is the body, with the boundary `x-b0undary`. The body is parsed three times: whole, keeping
// everything; in chunks of that size, keeping everything; and in chunks keeping only the prefix.
// The three must agree (the same parts and bytes, or the same failure), every part must be named
// in the allowed set once, and sizes must add up: a disagreement traps (a finding). The photo
// part's bytes then go through `PhotoMetadataReader` as the route reads them. A crash, a trap, a
// hang (-timeout), a leak or memory over the limits is a finding.
import PhotoMetadata

private let boundary = "x-b0undary"
private let allowed: Set<String> = ["photo", "tap", "heading", "accuracy", "pitch", "roll", "time"]

private func parse(
    _ body: ArraySlice<UInt8>, chunk: Int, keep: Int
) -> Result<[MultipartParser.Part], MultipartParser.Failure> {
    var parser = MultipartParser(boundary: boundary, allowed: allowed) { _ in keep }
    do {
        var index = body.startIndex
        while index < body.endIndex {
            let end = min(index + chunk, body.endIndex)
            try parser.feed(body[index..<end])
            index = end
        }
        return .success(try parser.finish())
    } catch {
        return .failure(error)
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size >= 2 else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let chunk = Int(input[0] % 64) + 1
    let keep = Int(input[1]) + 1
    let body = input[2...]

    let whole = parse(body, chunk: max(body.count, 1), keep: .max)
    let chunked = parse(body, chunk: chunk, keep: .max)
    precondition(whole == chunked, "chunks of \(chunk) disagree with the whole body")
    let bounded = parse(body, chunk: chunk, keep: keep)
    switch (whole, bounded) {
    case (.failure(let a), .failure(let b)):
        precondition(a == b, "keeping \(keep) bytes changed the failure")
        precondition(!a.message.isEmpty)
    case (.success(let parts), .success(let kept)):
        precondition(parts.count == kept.count)
        var names = Set<String>()
        for (part, short) in zip(parts, kept) {
            precondition(allowed.contains(part.name) && names.insert(part.name).inserted)
            precondition(part.size == part.prefix.count)
            precondition(short.size == part.size && short.prefix == Array(part.prefix.prefix(keep)))
            precondition(short.name == part.name && short.filename == part.filename)
        }
        if let photo = parts.first(where: { $0.name == "photo" }) {
            do {
                let metadata = try PhotoMetadataReader.read(bytes: photo.prefix)
                for warning in metadata.warnings { _ = warning.description }
            } catch {
                _ = error.description
            }
        }
        for part in parts where part.name != "photo" {
            // The route's text rule: UTF-8 of at most 200 bytes, a finite number where one is read.
            let text = String(decoding: part.prefix, as: UTF8.self)
            _ = Double(text)
        }
    default:
        preconditionFailure("keeping \(keep) bytes changed whether the body parses")
    }
    return 0
}
