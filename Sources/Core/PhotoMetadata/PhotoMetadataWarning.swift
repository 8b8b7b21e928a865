/// A part of a photo file that was skipped because it could not be read, while the rest was read.
///
/// A broken tag, IFD, JPEG segment or HEIF Exif item does not fail the whole file: the reader
/// skips it, keeps every value it could read, and lists one warning per skipped part in
/// ``PhotoMetadata/warnings``. Only a container that cannot be read at all is a thrown
/// ``PhotoMetadataError``.
public struct PhotoMetadataWarning: Sendable, Equatable, CustomStringConvertible {
    /// What was skipped, e.g. `GPS IFD tag 0x0002 (GPSLatitude)` or `JPEG APP1 Exif segment`.
    public var skipped: String
    /// Why it was skipped.
    public var problem: PhotoMetadataError.Kind
    /// Byte offset from the start of the file of what was skipped (an IFD entry, a segment's
    /// marker, an IFD pointer), when known.
    public var offset: Int?

    /// A warning that `skipped`, found at byte `offset`, was skipped because of `problem`.
    public init(skipped: String, problem: PhotoMetadataError.Kind, at offset: Int?) {
        self.skipped = skipped
        self.problem = problem
        self.offset = offset
    }

    /// `at byte N: skipped <what>: <problem>`.
    public var description: String {
        (offset.map { "at byte \($0): " } ?? "") + "skipped \(skipped): \(problem)"
    }
}
