// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "9cfbcef9c64a6c5461db9da9ae0565c12cefd50a62f88362e9a2a87e9922a031"
}
