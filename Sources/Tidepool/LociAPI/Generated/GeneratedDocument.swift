// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "991a170a09f0ea9ee7c8b528bba6d82248289a9c72ff3fc3d9403424d4c15a09"
}
