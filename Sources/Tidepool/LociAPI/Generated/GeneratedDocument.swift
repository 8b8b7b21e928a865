// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "029d595a3c9036e268bc08fc82c0224988c7c7e54adee71a14bd0dca1b9b2c7f"
}
