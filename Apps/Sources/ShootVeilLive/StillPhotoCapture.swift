import AVFoundation
import Foundation
import GeoKit
import IdentifyKit
import ImageIO

/// Still photos through `AVCapturePhotoOutput` (the output ``CameraCapture`` adds to its
/// session): a `StillCamera`. The file (HEIC when the device offers HEVC, else JPEG) gets the
/// root package's `StillPhotoTags` as its GPS dictionary (position, altitude, `GPSImgDirection`
/// true), beside the camera's own EXIF (size, orientation, 35 mm focal length), through
/// `AVCapturePhotoFileDataRepresentationCustomizer`.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class StillPhotoCapture: StillCamera, @unchecked Sendable {
    // @unchecked: `output` is thread-safe for `capturePhoto(with:delegate:)`; nothing else is stored.
    private let output: AVCapturePhotoOutput

    /// An adapter over `output` (already added to a running session).
    public init(output: AVCapturePhotoOutput) { self.output = output }

    /// Takes one photo and returns its file with `tags` in its metadata.
    public func capturePhoto(tags: StillPhotoTags) async throws -> Data {
        let output = self.output
        return try await withCheckedThrowingContinuation { (done: CheckedContinuation<Data, any Error>) in
            let settings =
                output.availablePhotoCodecTypes.contains(.hevc)
                ? AVCapturePhotoSettings(format: [AVVideoCodecKey: AVVideoCodecType.hevc]) : AVCapturePhotoSettings()
            let delegate = StillPhotoDelegate(tags: tags, done: done)
            output.capturePhoto(with: settings, delegate: delegate)
        }
    }
}

/// One capture's delegate: keeps itself alive until the photo is processed, then answers once.
private final class StillPhotoDelegate: NSObject, AVCapturePhotoCaptureDelegate,
    AVCapturePhotoFileDataRepresentationCustomizer, @unchecked Sendable
{
    // @unchecked: AVFoundation calls the delegate on one queue of its own, once per photo.
    private let tags: StillPhotoTags
    private var done: CheckedContinuation<Data, any Error>?
    private var keepAlive: StillPhotoDelegate?

    init(tags: StillPhotoTags, done: CheckedContinuation<Data, any Error>) {
        self.tags = tags
        self.done = done
        super.init()
        keepAlive = self
    }

    func photoOutput(_ output: AVCapturePhotoOutput, didFinishProcessingPhoto photo: AVCapturePhoto, error: (any Error)?) {
        defer { keepAlive = nil }
        guard let done else { return }
        self.done = nil
        if let error { return done.resume(throwing: error) }
        guard let data = photo.fileDataRepresentation(with: self) else {
            return done.resume(throwing: StillPhotoError())
        }
        done.resume(returning: data)
    }

    /// The camera's metadata with the GPS dictionary of the tags.
    func replacementMetadata(for photo: AVCapturePhoto) -> [String: Any]? {
        var metadata = photo.metadata
        var gps: [String: Any] = [
            kCGImagePropertyGPSLatitude as String: abs(tags.coordinate.latitude),
            kCGImagePropertyGPSLatitudeRef as String: tags.latitudeRef,
            kCGImagePropertyGPSLongitude as String: abs(tags.coordinate.longitude),
            kCGImagePropertyGPSLongitudeRef as String: tags.longitudeRef,
            kCGImagePropertyGPSImgDirection as String: tags.heading,
            kCGImagePropertyGPSImgDirectionRef as String: "T",
        ]
        if let altitude = tags.altitude {
            gps[kCGImagePropertyGPSAltitude as String] = abs(altitude)
            gps[kCGImagePropertyGPSAltitudeRef as String] = altitude >= 0 ? 0 : 1
        }
        metadata[kCGImagePropertyGPSDictionary as String] = gps
        return metadata
    }
}

/// The photo output processed a photo but gave no file.
struct StillPhotoError: Error, CustomStringConvertible {
    var description: String { "the camera returned no photo file" }
}
