// Written by scripts/gen-openapi-client; do not edit.

/// Which document `Generated/` was made from.
enum GeneratedDocument {
    /// SHA-256 (hex) of Sources/TidepoolClient/openapi.yaml when the code was generated.
    static let sha256 = "9e40a12e834948f5e2b1f73bf853e5546f9bc69fb0b84ccbac2ef756ac422940"
}
