/// A content error found while decoding a `PrimitiveBlock`, before it is located in the file.
struct PBFContentError: Error {
    /// What went wrong.
    var kind: OSMError.Kind
}

/// Decodes one `OSMData` blob's `PrimitiveBlock` into an ``OSMBlock``.
///
/// Follows `osmformat.proto` (https://wiki.openstreetmap.org/wiki/PBF_Format#Definition_of_OSMData_fileblock):
/// `PrimitiveBlock { required StringTable stringtable = 1; repeated PrimitiveGroup primitivegroup = 2;
/// optional int32 granularity = 17 [default=100]; optional int32 date_granularity = 18 [default=1000];
/// optional int64 lat_offset = 19; optional int64 lon_offset = 20; }`.
/// Coordinates are `1e-9 * (offset + granularity * value)` degrees. Metadata (`Info`, `DenseInfo`)
/// and change sets are skipped.
///
/// The string table is decoded once per block into `String`s that tags and roles then share.
///
/// - Complexity: O(payload size); one allocation per tagged element, per way's node list and per
///   relation's member list, none per untagged node.
struct PrimitiveBlockDecoder {
    /// The block's string table; index 0 is conventionally the empty string.
    var strings: [String] = []
    /// Nanodegrees per coordinate unit, > 0.
    var granularity: Int64 = 100
    /// Latitude offset in nanodegrees.
    var latitudeOffset: Int64 = 0
    /// Longitude offset in nanodegrees.
    var longitudeOffset: Int64 = 0
    /// The elements decoded so far.
    var block: OSMBlock

    /// Decodes a raw `OSMData` blob whose position among data blocks is `index`.
    ///
    /// - Throws: ``OSMError`` naming the blob for any decompression, encoding or content error.
    static func decode(_ raw: PBFRawBlob, index: Int) throws(OSMError) -> OSMBlock {
        try raw.withPayload { buffer throws(OSMError) in
            var decoder = PrimitiveBlockDecoder(block: OSMBlock(index: index, blobIndex: raw.blobIndex))
            do {
                try decoder.decode(buffer)
            } catch let error as ProtobufError {
                throw raw.failure(.protobuf(error))
            } catch let error as PBFContentError {
                throw raw.failure(error.kind)
            } catch {
                throw raw.failure(.malformed(String(describing: error)))
            }
            return decoder.block
        }
    }

    /// Decodes the whole `PrimitiveBlock` message.
    mutating func decode(_ buffer: UnsafeRawBufferPointer) throws {
        var reader = ProtobufReader(buffer)
        var stringTable: ProtobufReader?
        var groups: [ProtobufReader] = []
        while let field = try reader.nextField() {
            switch field.number {
            case 1: stringTable = try reader.message(field)
            case 2: groups.append(try reader.message(field))
            case 17: granularity = Int64(try reader.int32(field))
            case 18: _ = try reader.int32(field)
            case 19: latitudeOffset = try reader.int64(field)
            case 20: longitudeOffset = try reader.int64(field)
            default: try reader.skip(field)
            }
        }
        guard granularity > 0 else {
            throw PBFContentError(kind: .malformed("granularity \(granularity) is not positive"))
        }
        if var table = stringTable {
            while let field = try table.nextField() {
                if field.number == 1 {
                    strings.append(String(decoding: try table.bytes(field), as: UTF8.self))
                } else {
                    try table.skip(field)
                }
            }
        }
        for group in groups {
            try decodeGroup(group)
        }
    }

    /// `PrimitiveGroup { repeated Node nodes = 1; optional DenseNodes dense = 2; repeated Way ways = 3;
    /// repeated Relation relations = 4; repeated ChangeSet changesets = 5; }`.
    private mutating func decodeGroup(_ message: ProtobufReader) throws {
        var reader = message
        while let field = try reader.nextField() {
            switch field.number {
            case 1: try decodeNode(reader.message(field))
            case 2: try decodeDenseNodes(reader.message(field))
            case 3: try decodeWay(reader.message(field))
            case 4: try decodeRelation(reader.message(field))
            default: try reader.skip(field)
            }
        }
    }

    /// The string at `index` in the block's string table.
    @inline(__always)
    func string(_ index: UInt64) throws -> String {
        guard index < UInt64(strings.count) else {
            throw PBFContentError(
                kind: .stringIndexOutOfRange(index: Int(clamping: index), count: strings.count))
        }
        return strings[Int(index)]
    }

    /// Converts coordinate units to degrees, rejecting overflow and values off the globe.
    @inline(__always)
    func degrees(id: Int64, latitude: Int64, longitude: Int64) throws -> (latitude: Double, longitude: Double)
    {
        let (latScaled, latOverflow) = granularity.multipliedReportingOverflow(by: latitude)
        let (lonScaled, lonOverflow) = granularity.multipliedReportingOverflow(by: longitude)
        let (latNano, latOffsetOverflow) = latitudeOffset.addingReportingOverflow(latScaled)
        let (lonNano, lonOffsetOverflow) = longitudeOffset.addingReportingOverflow(lonScaled)
        guard !latOverflow, !lonOverflow, !latOffsetOverflow, !lonOffsetOverflow,
            (-90_000_000_000...90_000_000_000).contains(latNano),
            (-180_000_000_000...180_000_000_000).contains(lonNano)
        else {
            throw PBFContentError(
                kind: .coordinateOutOfRange(
                    nodeID: id,
                    latitude: (Double(latitudeOffset) + Double(granularity) * Double(latitude)) / 1e9,
                    longitude: (Double(longitudeOffset) + Double(granularity) * Double(longitude)) / 1e9))
        }
        return (Double(latNano) / 1e9, Double(lonNano) / 1e9)
    }

    /// Tags from parallel packed `keys` and `vals` string-table indices.
    @inline(__always)
    func tags(keys: PackedVarints, values: PackedVarints) throws -> OSMTags {
        if keys.isAtEnd {
            guard values.isAtEnd else { throw PBFContentError(kind: .malformed("more tag values than keys")) }
            return OSMTags()
        }
        var keys = keys
        var values = values
        var tags: [OSMTag] = []
        tags.reserveCapacity(keys.count())
        while let key = try keys.next() {
            guard let value = try values.next() else {
                throw PBFContentError(kind: .malformed("more tag keys than values"))
            }
            tags.append(OSMTag(key: try string(key), value: try string(value)))
        }
        guard values.isAtEnd else { throw PBFContentError(kind: .malformed("more tag values than keys")) }
        return OSMTags(tags)
    }
}
