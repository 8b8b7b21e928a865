/// Why an identification input cannot be used: says what was wrong and where.
public struct IdentifyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// A capture value is missing, non-finite or out of range (`field`, the reason).
        case invalidCapture(field: String, reason: String)
        /// A photo lacks what identification needs (the missing EXIF fields).
        case photoMetadata(String)
        /// The tap lies outside the image.
        case tapOutsideImage(x: Double, y: Double, width: Int, height: Int)
        /// The building source failed.
        case buildingSource(String)
        /// The task was cancelled (its deadline passed, or the server is shutting down) while the
        /// rays were cast.
        case cancelled
    }

    /// What went wrong.
    public var kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// One line naming the field and the problem.
    public var description: String {
        switch kind {
        case .invalidCapture(let field, let reason): "capture \(field): \(reason)"
        case .photoMetadata(let detail): "photo: \(detail)"
        case .tapOutsideImage(let x, let y, let width, let height):
            "tap (\(x), \(y)) is outside the \(width)×\(height) image"
        case .buildingSource(let detail): "building data: \(detail)"
        case .cancelled: "identification cancelled before it finished"
        }
    }

    static func invalid(_ field: String, _ reason: String) -> IdentifyError {
        IdentifyError(.invalidCapture(field: field, reason: reason))
    }
}
