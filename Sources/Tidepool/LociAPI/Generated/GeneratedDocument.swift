// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "78511dbce4ae17a2bd8e53536f4b9eb521a57ce69e3041dfe02b5d107da72356"
}
