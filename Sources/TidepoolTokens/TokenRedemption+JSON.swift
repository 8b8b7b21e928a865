import Foundation
import GeoKit

extension TokenRedemption {
    /// The only members a redemption body may have. The schema is closed: a body with any
    /// other member (`lat`, `lng`, a device id, …) is refused whole, so a client can never
    /// smuggle coordinates or identity into ingest.
    public static let jsonFields: Set<String> = ["tile_id", "epoch", "nonce", "signature"]
    /// The largest body accepted, bytes (a real one is about 500).
    public static let maximumJSONBytes = 4_096

    /// Decodes `{"tile_id": "<13 base32>", "epoch": <int>, "nonce": "<base64>", "signature":
    /// "<base64>"}`, refusing anything else before any token logic runs.
    /// - Throws: ``TokenError/malformed(field:reason:)`` naming the member (`body` for the
    ///   whole body) and what was wrong.
    public init(json: Data, tiler: GridTiler = .standard) throws(TokenError) {
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
            throw .malformed(
                field: unknown,
                reason: "unknown member; the schema is closed (tile_id, epoch, nonce, signature)")
        }
        func string(_ name: String) throws(TokenError) -> String {
            guard let value = object[name] else { throw .malformed(field: name, reason: "missing") }
            guard let text = value as? String else {
                throw .malformed(field: name, reason: "must be a string")
            }
            return text
        }
        func base64(_ name: String) throws(TokenError) -> Data {
            guard let data = Data(base64Encoded: try string(name)) else {
                throw .malformed(field: name, reason: "not base64")
            }
            return data
        }
        do {
            tile = try TileID(parsing: try string("tile_id"), tiler: tiler)
        } catch let error as TokenError {
            throw error
        } catch {
            throw .malformed(field: "tile_id", reason: "\(error)")
        }
        guard let number = object["epoch"] else { throw .malformed(field: "epoch", reason: "missing") }
        guard !(number is Bool), let value = number as? NSNumber,
            let integer = Int64(exactly: value.doubleValue),
            value.doubleValue == value.doubleValue.rounded()
        else { throw .malformed(field: "epoch", reason: "must be an integer") }
        epoch = integer
        nonce = try base64("nonce")
        signature = try base64("signature")
    }

    /// The JSON body ``init(json:tiler:)`` reads (members sorted, so output is stable).
    public func json() -> Data {
        let object: [String: Any] = [
            "tile_id": tile.description, "epoch": epoch, "nonce": nonce.base64EncodedString(),
            "signature": signature.base64EncodedString(),
        ]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    }
}
