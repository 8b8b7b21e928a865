// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "35016d0c5ce2fd908082d02c71d0cddf225cb59a68464728215bd127ee7a26ed"
}
