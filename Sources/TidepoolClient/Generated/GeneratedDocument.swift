// Written by scripts/gen-openapi-client; do not edit.

/// Which document `Generated/` was made from.
enum GeneratedDocument {
    /// SHA-256 (hex) of Sources/TidepoolClient/openapi.yaml when the code was generated.
    static let sha256 = "7bd377a8e5f98cf470cc04bfa3fc959efc8437fc7608d3ee1a54d280a5fb48f9"
}
