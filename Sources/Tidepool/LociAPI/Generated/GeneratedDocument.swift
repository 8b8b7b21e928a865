// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "428c0a587f025df8a4e1b5d2906cdf82df519c171aa98a9fdd2b20a0dbf3cfa4"
}
