// Written by scripts/gen-openapi-client; do not edit.

/// Which document `Generated/` was made from.
enum GeneratedDocument {
    /// SHA-256 (hex) of Sources/TidepoolClient/openapi.yaml when the code was generated.
    static let sha256 = "622b24a447fe9e950319be1a4c673629c933ae0a1ac5750647d14f31b2167dfe"
}
