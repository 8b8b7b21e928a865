// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "7c3c3e070651e66803c70df04b3a6a444fef1f303c9533cf0ccb117f68ce95c0"
}
