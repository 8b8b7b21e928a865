/// Decoding the element messages of `osmformat.proto`.
extension PrimitiveBlockDecoder {
    /// `Node { required sint64 id = 1; repeated uint32 keys = 2 [packed]; repeated uint32 vals = 3 [packed];
    /// optional Info info = 4; required sint64 lat = 8; required sint64 lon = 9; }`.
    mutating func decodeNode(_ message: ProtobufReader) throws {
        var reader = message
        var id: Int64?
        var latitude: Int64?
        var longitude: Int64?
        var keys = PackedVarints.empty
        var values = PackedVarints.empty
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.sint64(field)
            case 2: keys = try reader.packed(field)
            case 3: values = try reader.packed(field)
            case 8: latitude = try reader.sint64(field)
            case 9: longitude = try reader.sint64(field)
            default: try reader.skip(field)
            }
        }
        guard let id, let latitude, let longitude else {
            throw PBFContentError(kind: .malformed("Node lacks id, lat or lon"))
        }
        let location = try degrees(id: id, latitude: latitude, longitude: longitude)
        block.nodes.append(
            OSMNode(
                id: id, latitude: location.latitude, longitude: location.longitude,
                tags: try tags(keys: keys, values: values)))
    }

    /// `DenseNodes { repeated sint64 id = 1 [packed]; optional DenseInfo denseinfo = 5;
    /// repeated sint64 lat = 8 [packed]; repeated sint64 lon = 9 [packed]; repeated int32 keys_vals = 10 [packed]; }`.
    ///
    /// `id`, `lat` and `lon` are delta-coded and must have equal lengths; `keys_vals` holds, per node,
    /// key/value index pairs ended by a 0 (or is empty when no node has tags).
    mutating func decodeDenseNodes(_ message: ProtobufReader) throws {
        var reader = message
        var ids = PackedVarints.empty
        var latitudes = PackedVarints.empty
        var longitudes = PackedVarints.empty
        var keysValues = PackedVarints.empty
        while let field = try reader.nextField() {
            switch field.number {
            case 1: ids = try reader.packed(field)
            case 8: latitudes = try reader.packed(field)
            case 9: longitudes = try reader.packed(field)
            case 10: keysValues = try reader.packed(field)
            default: try reader.skip(field)
            }
        }
        let hasTags = !keysValues.isAtEnd
        // Each node needs at least one byte of lat and of lon: never reserve more than the data can fill.
        block.nodes.reserveCapacity(
            block.nodes.count + min(ids.count(), latitudes.reader.remaining, longitudes.reader.remaining))
        var id: Int64 = 0
        var latitude: Int64 = 0
        var longitude: Int64 = 0
        while let idDelta = try ids.nextSigned() {
            guard let latDelta = try latitudes.nextSigned(), let lonDelta = try longitudes.nextSigned() else {
                throw PBFContentError(kind: .malformed("DenseNodes has fewer lat/lon than ids"))
            }
            id &+= idDelta
            latitude &+= latDelta
            longitude &+= lonDelta
            var tags = OSMTags()
            if hasTags {
                tags = try denseTags(&keysValues)
            }
            let location = try degrees(id: id, latitude: latitude, longitude: longitude)
            block.nodes.append(
                OSMNode(id: id, latitude: location.latitude, longitude: location.longitude, tags: tags))
        }
        guard latitudes.isAtEnd, longitudes.isAtEnd else {
            throw PBFContentError(kind: .malformed("DenseNodes has more lat/lon than ids"))
        }
    }

    /// One dense node's tags: key/value pairs up to the next 0.
    @inline(__always)
    private func denseTags(_ keysValues: inout PackedVarints) throws -> OSMTags {
        guard let first = try keysValues.next() else {
            throw PBFContentError(kind: .malformed("DenseNodes keys_vals ends early"))
        }
        if first == 0 { return OSMTags() }
        var tags: [OSMTag] = []
        tags.reserveCapacity(4)
        var key = first
        while true {
            guard let value = try keysValues.next() else {
                throw PBFContentError(kind: .malformed("DenseNodes keys_vals ends inside a tag"))
            }
            tags.append(OSMTag(key: try string(key), value: try string(value)))
            guard let next = try keysValues.next() else {
                throw PBFContentError(kind: .malformed("DenseNodes keys_vals ends early"))
            }
            if next == 0 { break }
            key = next
        }
        return OSMTags(tags)
    }

    /// `Way { required int64 id = 1; repeated uint32 keys = 2 [packed]; repeated uint32 vals = 3 [packed];
    /// optional Info info = 4; repeated sint64 refs = 8 [packed]; repeated sint64 lat = 9 [packed];
    /// repeated sint64 lon = 10 [packed]; }` — refs delta-coded; lat/lon (LocationsOnWays) ignored.
    mutating func decodeWay(_ message: ProtobufReader) throws {
        var reader = message
        var id: Int64?
        var keys = PackedVarints.empty
        var values = PackedVarints.empty
        var refs = PackedVarints.empty
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.int64(field)
            case 2: keys = try reader.packed(field)
            case 3: values = try reader.packed(field)
            case 8: refs = try reader.packed(field)
            default: try reader.skip(field)
            }
        }
        guard let id else { throw PBFContentError(kind: .malformed("Way lacks id")) }
        var nodeIDs: [Int64] = []
        nodeIDs.reserveCapacity(refs.count())
        var ref: Int64 = 0
        while let delta = try refs.nextSigned() {
            ref &+= delta
            nodeIDs.append(ref)
        }
        block.ways.append(OSMWay(id: id, nodeIDs: nodeIDs, tags: try tags(keys: keys, values: values)))
    }

    /// `Relation { required int64 id = 1; repeated uint32 keys = 2 [packed]; repeated uint32 vals = 3 [packed];
    /// optional Info info = 4; repeated int32 roles_sid = 8 [packed]; repeated sint64 memids = 9 [packed];
    /// repeated MemberType types = 10 [packed]; }` — memids delta-coded; the three lists have equal lengths.
    mutating func decodeRelation(_ message: ProtobufReader) throws {
        var reader = message
        var id: Int64?
        var keys = PackedVarints.empty
        var values = PackedVarints.empty
        var roles = PackedVarints.empty
        var memberIDs = PackedVarints.empty
        var types = PackedVarints.empty
        while let field = try reader.nextField() {
            switch field.number {
            case 1: id = try reader.int64(field)
            case 2: keys = try reader.packed(field)
            case 3: values = try reader.packed(field)
            case 8: roles = try reader.packed(field)
            case 9: memberIDs = try reader.packed(field)
            case 10: types = try reader.packed(field)
            default: try reader.skip(field)
            }
        }
        guard let id else { throw PBFContentError(kind: .malformed("Relation lacks id")) }
        var members: [OSMMember] = []
        members.reserveCapacity(min(memberIDs.count(), roles.reader.remaining, types.reader.remaining))
        var ref: Int64 = 0
        while let delta = try memberIDs.nextSigned() {
            guard let role = try roles.next(), let rawType = try types.next() else {
                throw PBFContentError(
                    kind: .malformed("Relation \(id) has fewer roles or types than members"))
            }
            guard let type = OSMElementType(rawValue: Int(truncatingIfNeeded: rawType)), rawType <= 2 else {
                throw PBFContentError(kind: .malformed("Relation \(id) has unknown member type \(rawType)"))
            }
            let roleIndex = Int64(Int32(truncatingIfNeeded: role))
            guard roleIndex >= 0 else {
                throw PBFContentError(
                    kind: .stringIndexOutOfRange(index: Int(roleIndex), count: strings.count))
            }
            ref &+= delta
            members.append(OSMMember(type: type, ref: ref, role: try string(UInt64(roleIndex))))
        }
        guard roles.isAtEnd, types.isAtEnd else {
            throw PBFContentError(kind: .malformed("Relation \(id) has more roles or types than members"))
        }
        block.relations.append(
            OSMRelation(id: id, members: members, tags: try tags(keys: keys, values: values)))
    }
}
