/// The check every service applies to an interest vector a client sends (a profile's, a heat
/// read's viewer): it must point somewhere. An all-zero vector has no direction, so a ranking
/// or a heat read "personalised" by it is not; `Float` entries from JSON are always finite,
/// but a vector stored before this check or made in code may not be.
public enum VectorValidation {
    /// Why `vector` cannot be used (`"is all zeros"`, `"has a value that is not finite"`), or
    /// nil when it can. An empty vector means "none" and is fine.
    public static func problem(_ vector: [Float]) -> String? {
        guard !vector.isEmpty else { return nil }
        if vector.contains(where: { !$0.isFinite }) { return "has a value that is not finite" }
        if vector.allSatisfy({ $0 == 0 }) { return "is all zeros (it has no direction)" }
        return nil
    }
}
