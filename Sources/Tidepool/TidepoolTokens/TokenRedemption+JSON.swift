import Foundation
import GeoKit

extension TokenRedemption {
    /// The only members a redemption body may have. The schema is closed: a body with any
    /// other member (`lat`, `lng`, a device id, an interest `vector`, …) is refused whole, so a
    /// client can never smuggle coordinates, identity or a fingerprint into ingest. `facet` is
    /// optional.
    public static let jsonFields: Set<String> = ["tile_id", "epoch", "nonce", "signature", "facet"]
    /// The members as refusals name them: `tile_id, epoch, nonce, signature, optional facet`.
    public static let jsonSchemaSummary = "tile_id, epoch, nonce, signature, optional facet"
    /// The largest body accepted, bytes (a real one is about 500).
    public static let maximumJSONBytes = 4_096

    /// Decodes `{"tile_id": "<13 base32>", "epoch": <int>, "nonce": "<base64>", "signature":
    /// "<base64>", "facet": <int>?}`, refusing anything else before any token logic runs.
    /// - Parameter facetCount: the size of the server's facet codebook: `facet` must be an
    ///   integer in `0..<facetCount` (with 0, any `facet` member is refused).
    /// - Throws: ``TokenError/malformed(field:reason:)`` naming the member (`body` for the
    ///   whole body) and what was wrong.
    public init(json: Data, tiler: GridTiler = .standard, facetCount: Int = 0) throws(TokenError) {
        guard json.count <= Self.maximumJSONBytes else {
            throw .malformed(field: "body", reason: "\(json.count) bytes, more than \(Self.maximumJSONBytes)")
        }
        let object: [String: Any]
        do {
            guard let parsed = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
                throw TokenError.malformed(field: "body", reason: "not a JSON object")
            }
            object = parsed
        } catch let error as TokenError {
            throw error
        } catch {
            throw .malformed(field: "body", reason: "not valid JSON")
        }
        if let unknown = Set(object.keys).subtracting(Self.jsonFields).sorted().first {
            throw .unknownMember(unknown)
        }
        func string(_ name: String) throws(TokenError) -> String {
            guard let value = object[name] else { throw .malformed(field: name, reason: "missing") }
            guard let text = value as? String else {
                throw .malformed(field: name, reason: "must be a string")
            }
            return text
        }
        let tileID = try string("tile_id")
        guard let number = object["epoch"] else { throw .malformed(field: "epoch", reason: "missing") }
        guard let epoch = Self.integer(number) else {
            throw .malformed(field: "epoch", reason: "must be an integer")
        }
        let nonce = try string("nonce")
        let signature = try string("signature")
        var facet: Int?
        if let value = object["facet"] {
            guard let wide = Self.integer(value), let integer = Int(exactly: wide) else {
                throw .malformed(field: "facet", reason: "must be an integer")
            }
            facet = integer
        }
        try self.init(
            tileID: tileID, epoch: epoch, nonce: nonce, signature: signature, facet: facet, tiler: tiler,
            facetCount: facetCount)
    }

    /// A redemption from its decoded members (the server's generated decoder has read the JSON):
    /// the tile id parsed, the nonce and signature base64, the facet within the codebook.
    /// - Throws: ``TokenError/malformed(field:reason:)`` naming the member and what was wrong.
    public init(
        tileID: String, epoch: Int64, nonce: String, signature: String, facet: Int?,
        tiler: GridTiler = .standard, facetCount: Int = 0
    ) throws(TokenError) {
        func base64(_ name: String, _ text: String) throws(TokenError) -> Data {
            guard let data = Data(base64Encoded: text) else {
                throw .malformed(field: name, reason: "not base64")
            }
            return data
        }
        do {
            tile = try TileID(parsing: tileID, tiler: tiler)
        } catch {
            throw .malformed(field: "tile_id", reason: "\(error)")
        }
        self.epoch = epoch
        self.nonce = try base64("nonce", nonce)
        self.signature = try base64("signature", signature)
        self.facet = try Self.facet(facet, facetCount: facetCount)
    }

    /// A JSON number that is a whole Int64, or nil (a fraction, a string, a boolean).
    ///
    /// `is Bool` cannot tell a boolean here: Foundation on Linux bridges the numbers 0 and 1 to
    /// Bool too, so an epoch or facet of 0 or 1 would be refused. A JSON boolean is the NSNumber
    /// whose type is "c".
    static func integer(_ value: Any) -> Int64? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c",
            let integer = Int64(exactly: number.doubleValue)
        else { return nil }
        return integer
    }

    /// The optional `facet` member: an integer in `0..<facetCount`.
    static func facet(_ value: Int?, facetCount: Int) throws(TokenError) -> Int? {
        guard let value else { return nil }
        guard facetCount > 0 else {
            throw .malformed(field: "facet", reason: "this server releases counts only (no facet codebook)")
        }
        guard value >= 0, value < facetCount else {
            throw .malformed(field: "facet", reason: "\(value) is outside 0..<\(facetCount)")
        }
        return value
    }

    /// The JSON body ``init(json:tiler:)`` reads (members sorted, so output is stable).
    public func json() -> Data {
        var object: [String: Any] = [
            "tile_id": tile.description, "epoch": epoch, "nonce": nonce.base64EncodedString(),
            "signature": signature.base64EncodedString(),
        ]
        if let facet { object["facet"] = facet }
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
