// Written by scripts/gen-openapi; do not edit.

/// Which document `Generated/` (here, in TidepoolClient and in LociServer) was made from.
public enum GeneratedDocument {
    /// SHA-256 (hex) of openapi.yaml when the code was generated.
    public static let sha256 = "381cce724f9b04fcde0ac7988dc16c9cbdd492caca211158670e5cb6d3b2bbb4"
}
