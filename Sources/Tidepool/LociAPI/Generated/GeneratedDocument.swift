// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "8cdc496fa9f0fded59df492354763386e89c1c1d6eb3db0db5256e7b8533a7d7"
}
