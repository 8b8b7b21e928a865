/// Why a card photo could not be drawn; the renderer then draws a typographic tile instead.
public enum PhotoDecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The photo has no local file (`CardPhoto.path` is `nil`).
    case noLocalFile(assetID: String)
    /// Nothing exists at the path.
    case missing(path: String)
    /// The path is a directory or another non-regular file.
    case notARegularFile(path: String)
    /// The file could not be opened or read (`errno`).
    case unreadable(path: String, errno: Int32)
    /// The file is larger than the decoder accepts.
    case tooLarge(path: String, bytes: Int64, limit: Int64)
    /// The file does not start with a JPEG start-of-image marker (FF D8).
    case notJPEG(path: String, firstBytes: String)
    /// libjpeg stopped on the data; `message` is libjpeg's.
    case corrupt(path: String, message: String)
    /// The data ends before the image does.
    case truncated(path: String)
    /// The image is too large to decode (``JPEGDecoder/maximumSourcePixels``, or its scaled size).
    case tooManyPixels(path: String, width: Int, height: Int)

    /// One line naming the file and the problem.
    public var description: String {
        switch self {
        case .noLocalFile(let id): "photo \(id): no local file"
        case .missing(let path): "\(path): no such file"
        case .notARegularFile(let path): "\(path): not a regular file"
        case .unreadable(let path, let errno): "\(path): cannot be read (errno \(errno))"
        case .tooLarge(let path, let bytes, let limit):
            "\(path): \(bytes) bytes is over the \(limit)-byte limit"
        case .notJPEG(let path, let first): "\(path): not a JPEG (starts with \(first))"
        case .corrupt(let path, let message): "\(path): corrupt JPEG (\(message))"
        case .truncated(let path): "\(path): JPEG data ends before the image does"
        case .tooManyPixels(let path, let width, let height):
            "\(path): \(width) × \(height) pixels is too large"
        }
    }
}
