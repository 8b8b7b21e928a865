/// The check every service applies to an interest vector a client sends (a profile's, a heat
/// read's viewer): it must have the length of the vectors it is compared with, and point
/// somewhere. A vector of another length is compared with nothing and an all-zero vector has no
/// direction, so a ranking or a heat read "personalised" by either is not; `Float` entries from
/// JSON are always finite, but a vector stored before this check or made in code may not be.
public enum VectorValidation {
    /// Why `vector` cannot be used (`"has 2 values; this server's interest vectors have 384"`,
    /// `"is all zeros"`, `"has a value that is not finite"`), or nil when it can. An empty
    /// vector means "none" and is fine.
    /// - Parameter dimension: The length the vector is compared at; nil or 0 when the server
    ///   compares it with nothing of a known length (any length is then kept as sent).
    public static func problem(_ vector: [Float], dimension: Int? = nil) -> String? {
        guard !vector.isEmpty else { return nil }
        if let dimension, dimension > 0, vector.count != dimension {
            return "has \(vector.count) value\(vector.count == 1 ? "" : "s"); this server's interest vectors have \(dimension)"
        }
        if vector.contains(where: { !$0.isFinite }) { return "has a value that is not finite" }
        if vector.allSatisfy({ $0 == 0 }) { return "is all zeros (it has no direction)" }
        return nil
    }
}
