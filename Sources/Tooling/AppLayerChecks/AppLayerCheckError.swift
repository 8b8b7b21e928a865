/// A failure that stops a check from running at all (as opposed to a finding it reports).
public struct AppLayerCheckError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A directory or file the check needs is missing.
        case missing
        /// A file exists but cannot be read.
        case unreadable(String)
        /// A tool the check runs (`swiftc`) cannot be found or started.
        case toolUnavailable(String)
    }

    /// What went wrong.
    public var kind: Kind
    /// The path involved, relative to the checked tree's root when it is inside it.
    public var path: String

    /// An error from its parts.
    public init(_ kind: Kind, path: String) {
        self.kind = kind
        self.path = path
    }

    /// `"<path>: <detail>"`.
    public var description: String {
        switch kind {
        case .missing: "\(path): not found"
        case .unreadable(let detail): "\(path): unreadable: \(detail)"
        case .toolUnavailable(let detail): "\(path): cannot run: \(detail)"
        }
    }
}
