// Written by scripts/gen-openapi-client; do not edit.

/// Which document `Generated/` was made from.
enum GeneratedDocument {
    /// SHA-256 (hex) of Sources/TidepoolClient/openapi.yaml when the code was generated.
    static let sha256 = "62cfbe9348145cfec1e19124e9836cc7fe23bec822ec45de0e6a1f2ef75826fb"
}
