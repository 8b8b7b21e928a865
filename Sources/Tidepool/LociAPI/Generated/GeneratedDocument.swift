// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "97c3e67b9c137e29bf443a1456719bc91e55b62baa0a6bc98f58a702fd1341bb"
}
