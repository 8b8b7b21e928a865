import CJPEG

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decodes JPEG files for card tiles with libjpeg-turbo, using its DCT scaling (N/8) so a 12 MP
/// photo is decoded at 1/8 size for a 296 px tile (most of the inverse-DCT and colour work is
/// skipped) and a small photo just above the tile size (so drawing only scales it a little). Every failure is a ``PhotoDecodeError``: libjpeg's fatal errors are caught in the C
/// shim (setjmp/longjmp inside one C function) instead of exiting the process.
public enum JPEGDecoder {
    /// Largest file read (bytes).
    public static let maximumFileBytes: Int64 = 64 << 20
    /// Most pixels a photo may have (250 MP: above the 200 MP of today's largest phone sensors).
    public static let maximumSourcePixels = 250_000_000
    /// Largest decoded image kept in memory (bytes, after scaling).
    public static let maximumDecodedBytes = 96 << 20

    /// Decodes the file at `path` at the smallest DCT scale (N/8) whose output is still at least
    /// `minimumSide` pixels on both sides (full size when the photo is smaller than that).
    public static func decode(path: String, minimumSide: Int) throws(PhotoDecodeError) -> DecodedPhoto {
        let bytes = try readFile(path)
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            let first = bytes.prefix(4).map { String($0, radix: 16, uppercase: true) }.joined(separator: " ")
            throw .notJPEG(path: path, firstBytes: first.isEmpty ? "nothing: the file is empty" : first)
        }
        let orientation = EXIFOrientation.read(bytes)
        var image = loci_jpeg_image()
        let status = bytes.withUnsafeBufferPointer { buffer in
            loci_jpeg_decode(
                buffer.baseAddress, UInt(buffer.count), Int32(clamping: minimumSide),
                Int32(clamping: minimumSide),
                UInt(maximumSourcePixels), UInt(maximumDecodedBytes), &image)
        }
        defer { loci_jpeg_free(&image) }
        switch status {
        case LOCI_JPEG_OK:
            break
        case LOCI_JPEG_TRUNCATED:
            throw .truncated(path: path)
        case LOCI_JPEG_TOO_LARGE:
            throw .tooManyPixels(path: path, width: Int(image.source_width), height: Int(image.source_height))
        default:
            throw .corrupt(path: path, message: message(of: &image))
        }
        guard let base = image.pixels else { throw .corrupt(path: path, message: "no pixels") }
        let count = Int(image.stride) * Int(image.height)
        return DecodedPhoto(
            width: Int(image.width), height: Int(image.height), stride: Int(image.stride),
            pixels: Array(UnsafeBufferPointer(start: base, count: count)), orientation: orientation,
            sourceWidth: Int(image.source_width), sourceHeight: Int(image.source_height),
            scaleEighths: Int(image.scale_num))
    }

    private static func message(of image: inout loci_jpeg_image) -> String {
        withUnsafeBytes(of: &image.message) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Reads a regular file of at most ``maximumFileBytes``.
    static func readFile(_ path: String) throws(PhotoDecodeError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR
                ? .missing(path: path) : .unreadable(path: path, errno: code)
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notARegularFile(path: path) }
        let size = Int64(info.st_size)
        guard size <= maximumFileBytes else {
            throw .tooLarge(path: path, bytes: size, limit: maximumFileBytes)
        }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return read(descriptor, base + filled, raw.count - filled)
            }
            if got < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, errno: errno)
            }
            if got == 0 { break }
            filled += got
        }
        return Array(bytes.prefix(filled))
    }
}
