/// A per-photo or per-folder problem met while a photo library was listed or scanned; the scan
/// goes on without that item.
public struct ScanIssue: Error, Sendable, Equatable, Codable {
    /// The file or folder (or, for a photo library, the asset's identifier).
    public var path: String
    /// What went wrong.
    public var message: String

    /// Creates an issue.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
