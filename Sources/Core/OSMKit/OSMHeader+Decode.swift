/// Decoding `HeaderBlock` from `osmformat.proto`:
/// `HeaderBlock { optional HeaderBBox bbox = 1; repeated string required_features = 4;
/// repeated string optional_features = 5; optional string writingprogram = 16; optional string source = 17;
/// optional int64 osmosis_replication_timestamp = 32; optional int64 osmosis_replication_sequence_number = 33;
/// optional string osmosis_replication_base_url = 34; }` and
/// `HeaderBBox { required sint64 left = 1; right = 2; top = 3; bottom = 4; }` (nanodegrees).
extension OSMHeader {
    /// Decodes and validates the header blob: every required feature must be supported.
    ///
    /// - Throws: ``OSMError`` naming the blob for bad encoding or ``OSMError/Kind/unknownRequiredFeatures(_:)``.
    /// - Complexity: O(blob size).
    static func decode(_ raw: PBFRawBlob) throws(OSMError) -> OSMHeader {
        let decoded: Result<OSMHeader, ProtobufError> = try raw.withPayload { buffer throws(OSMError) in
            var reader = ProtobufReader(buffer)
            var header = OSMHeader()
            do throws(ProtobufError) {
                while let field = try reader.nextField() {
                    switch field.number {
                    case 1: header.boundingBox = try decodeBoundingBox(reader.message(field))
                    case 4: header.requiredFeatures.append(try reader.string(field))
                    case 5: header.optionalFeatures.append(try reader.string(field))
                    case 16: header.writingProgram = try reader.string(field)
                    case 17: header.source = try reader.string(field)
                    case 32: header.replicationTimestamp = try reader.int64(field)
                    case 33: header.replicationSequenceNumber = try reader.int64(field)
                    case 34: header.replicationBaseURL = try reader.string(field)
                    default: try reader.skip(field)
                    }
                }
            } catch {
                return .failure(error)
            }
            return .success(header)
        }
        let header: OSMHeader
        switch decoded {
        case .failure(let error): throw raw.failure(.protobuf(error))
        case .success(let value): header = value
        }
        let unknown = header.requiredFeatures.filter { !supportedRequiredFeatures.contains($0) }
        guard unknown.isEmpty else { throw raw.failure(.unknownRequiredFeatures(unknown)) }
        return header
    }

    /// Decodes a `HeaderBBox`; `nil` when a side is missing or the box is inverted.
    private static func decodeBoundingBox(_ message: ProtobufReader) throws(ProtobufError) -> OSMBoundingBox?
    {
        var reader = message
        var sides: [Int64?] = [nil, nil, nil, nil]
        while let field = try reader.nextField() {
            if (1...4).contains(field.number) {
                sides[Int(field.number) - 1] = try reader.sint64(field)
            } else {
                try reader.skip(field)
            }
        }
        guard let left = sides[0], let right = sides[1], let top = sides[2], let bottom = sides[3],
            bottom <= top, left <= right
        else { return nil }
        return OSMBoundingBox(
            minLatitude: Double(bottom) / 1e9, minLongitude: Double(left) / 1e9,
            maxLatitude: Double(top) / 1e9, maxLongitude: Double(right) / 1e9)
    }
}
