// Written by scripts/gen-openapi-client; do not edit.

/// Which document `Generated/` was made from.
enum GeneratedDocument {
    /// SHA-256 (hex) of Sources/Tidepool/TidepoolClient/openapi.yaml when the code was generated.
    static let sha256 = "9ae86fdec4ba9c5744cc11fa046b0f4373d53faeb0ae7a848e79304bee682f84"
}
