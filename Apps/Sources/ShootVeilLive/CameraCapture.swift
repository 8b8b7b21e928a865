import AVFoundation
import IdentifyKit

/// The back camera through `AVCaptureSession` with an aspect-fill preview layer and a photo
/// output for stills: a `CameraIntrinsicsSource` (zoom included).
///
/// The session is configured and started on a serial queue of its own (`startRunning()` blocks
/// for hundreds of milliseconds and must never run on the main thread). The field of view is the
/// active format's `videoFieldOfView` (across the frame's long side) narrowed by
/// `videoZoomFactor`, as IdentifyKit's `CameraFormat` computes it. A tap is converted by the
/// preview layer itself (`captureDevicePointConverted(fromLayerPoint:)`, which knows the crop
/// and the zoom) and then turned upright for portrait.
///
/// The preview view (ShootVeilUI's `CameraPreview`) hands its layer over with ``attach(_:)``.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public final class CameraCapture: CameraIntrinsicsSource, @unchecked Sendable {
    // @unchecked: `device` and `configured` are only touched on `sessionQueue`; `layer` only on
    // the main actor; `session` is thread-safe for start and stop.

    /// The session the preview shows.
    public let session = AVCaptureSession()
    /// Still photos (``StillPhotoCapture``), added to the session when it is configured.
    public let photoOutput = AVCapturePhotoOutput()
    private let sessionQueue = DispatchQueue(label: "app.loci.shootveil.camera")
    private var device: AVCaptureDevice?
    private var configured = false
    @MainActor private weak var layer: AVCaptureVideoPreviewLayer?

    /// A camera that is not running yet.
    public init() {}

    /// Remembers the preview's layer (for tap conversion and its size).
    @MainActor
    public func attach(_ layer: AVCaptureVideoPreviewLayer) {
        layer.videoGravity = .resizeAspectFill
        self.layer = layer
    }

    /// Configures the back wide camera (once) and starts the session, off the main thread.
    public func start() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            sessionQueue.async {
                self.configureOnce()
                if !self.session.isRunning { self.session.startRunning() }
                done.resume()
            }
        }
    }

    /// Stops the session, off the main thread.
    public func stop() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            sessionQueue.async {
                if self.session.isRunning { self.session.stopRunning() }
                done.resume()
            }
        }
    }

    /// Sets the zoom factor, clamped to what the active format allows.
    public func setZoom(_ factor: Double) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            sessionQueue.async {
                if let device = self.device, (try? device.lockForConfiguration()) != nil {
                    let limit = min(device.activeFormat.videoMaxZoomFactor, 10)
                    device.videoZoomFactor = max(1, min(CGFloat(factor), limit))
                    device.unlockForConfiguration()
                }
                done.resume()
            }
        }
    }

    /// The active format's frame size and field of view, and the zoom; `nil` while stopped.
    public func currentFormat() async -> CameraFormat? {
        await withCheckedContinuation { (done: CheckedContinuation<CameraFormat?, Never>) in
            sessionQueue.async {
                guard self.session.isRunning, let device = self.device else { return done.resume(returning: nil) }
                let size = CMVideoFormatDescriptionGetDimensions(device.activeFormat.formatDescription)
                done.resume(
                    returning: try? CameraFormat(
                        longSide: Int(max(size.width, size.height)), shortSide: Int(min(size.width, size.height)),
                        fieldOfView: Double(device.activeFormat.videoFieldOfView),
                        zoom: Double(device.videoZoomFactor)))
            }
        }
    }

    /// The preview layer's size in points, `nil` before it is laid out.
    public func previewSize() async -> PlanePoint? {
        await MainActor.run {
            guard let bounds = layer?.bounds, bounds.width > 0, bounds.height > 0 else { return nil }
            return PlanePoint(x: Double(bounds.width), y: Double(bounds.height))
        }
    }

    /// The upright image's pixel under a preview point, through the layer's own conversion.
    public func imagePixel(preview point: PlanePoint) async -> PlanePoint? {
        guard let format = await currentFormat() else { return nil }
        return await MainActor.run {
            guard let layer, layer.bounds.contains(CGPoint(x: point.x, y: point.y)) else { return nil }
            let device = layer.captureDevicePointConverted(fromLayerPoint: CGPoint(x: point.x, y: point.y))
            return AspectFillPreview.portraitPixel(
                devicePoint: PlanePoint(x: Double(device.x), y: Double(device.y)),
                imageWidth: Double(format.shortSide), imageHeight: Double(format.longSide))
        }
    }

    private func configureOnce() {
        guard !configured else { return }
        configured = true
        session.beginConfiguration()
        session.sessionPreset = .photo
        if let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back),
            let input = try? AVCaptureDeviceInput(device: camera), session.canAddInput(input)
        {
            session.addInput(input)
            device = camera
        }
        if session.canAddOutput(photoOutput) { session.addOutput(photoOutput) }
        session.commitConfiguration()
    }
}
