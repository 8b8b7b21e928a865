// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "19852974a13bc301b96374414decf1b4bf24c5b78dd52867d563ad3d072467c9"
}
