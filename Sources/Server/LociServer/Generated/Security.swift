// Written by scripts/gen-openapi from openapi.yaml; do not edit.

/// The operations whose `security` in openapi.yaml requires a bearer token.
enum DocumentSecurity {
    /// `METHOD /path/{template}` of each operation that needs `Authorization: Bearer`.
    static let bearerRequired: Set<String> = [
        "GET /v1/favourites",
        "POST /v1/favourites",
        "DELETE /v1/favourites/{id}",
        "PUT /v1/favourites/{id}/rating",
        "DELETE /v1/me",
        "GET /v1/me/export",
        "GET /v1/profile",
        "PUT /v1/profile",
        "POST /v1/tidepool/tokens",
        "POST /v1/tidepool/tokens/batch",
    ]
}
