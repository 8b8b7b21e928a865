import AVFoundation
import IdentifyKit
import ShootVeilFeature

/// The back camera through `AVCaptureSession` with an aspect-fill preview layer and a photo
/// output for stills: a `CameraIntrinsicsSource` (zoom included) and the viewfinder's
/// `CameraSessionControl` (permission, start, stop, and what the camera refused, which the model
/// shows with its fix).
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
public final class CameraCapture: CameraIntrinsicsSource, CameraSessionControl, @unchecked Sendable {
    // @unchecked: `device`, `configurationFailure` and `fault` are only touched on
    // `sessionQueue`; `layer` only on the main actor; `session` is thread-safe for start and stop.

    /// The session the preview shows.
    public let session = AVCaptureSession()
    /// Still photos (``StillPhotoCapture``), added to the session when it is configured.
    public let photoOutput = AVCapturePhotoOutput()
    private let sessionQueue = DispatchQueue(label: "app.loci.shootveil.camera")
    private var device: AVCaptureDevice?
    /// Why the back camera could not be added to the session, once configured.
    private var configurationFailure: String?
    /// What the camera refused since ``takeFault()`` last asked.
    private var fault: String?
    @MainActor private weak var layer: AVCaptureVideoPreviewLayer?

    /// A camera that is not running yet.
    public init() {}

    /// Remembers the preview's layer (for tap conversion and its size).
    @MainActor
    public func attach(_ layer: AVCaptureVideoPreviewLayer) {
        layer.videoGravity = .resizeAspectFill
        self.layer = layer
    }

    /// Asks for camera access the first time, configures the back wide camera (once) and starts
    /// the session off the main thread; says whether it runs, is refused, or why it cannot.
    @discardableResult
    public func start() async -> CameraStartOutcome {
        switch AVCaptureDevice.authorizationStatus(for: .video) {
        case .notDetermined:
            guard await AVCaptureDevice.requestAccess(for: .video) else { return .denied }
        case .denied, .restricted: return .denied
        default: break
        }
        return await withCheckedContinuation { (done: CheckedContinuation<CameraStartOutcome, Never>) in
            sessionQueue.async {
                self.configureOnce()
                if let failure = self.configurationFailure { return done.resume(returning: .unavailable(failure)) }
                if !self.session.isRunning { self.session.startRunning() }
                done.resume(
                    returning: self.session.isRunning ? .running : .unavailable("the capture session did not start"))
            }
        }
    }

    /// What the camera refused since the last call, cleared by asking.
    public func takeFault() async -> String? {
        await withCheckedContinuation { (done: CheckedContinuation<String?, Never>) in
            sessionQueue.async {
                let fault = self.fault
                self.fault = nil
                done.resume(returning: fault)
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
                if let device = self.device {
                    do {
                        try device.lockForConfiguration()
                        let limit = min(device.activeFormat.videoMaxZoomFactor, 10)
                        device.videoZoomFactor = max(1, min(CGFloat(factor), limit))
                        device.unlockForConfiguration()
                    } catch {
                        self.fault = "zoom: \(error.localizedDescription)"
                    }
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
                do {
                    done.resume(
                        returning: try CameraFormat(
                            longSide: Int(max(size.width, size.height)), shortSide: Int(min(size.width, size.height)),
                            fieldOfView: Double(device.activeFormat.videoFieldOfView),
                            zoom: Double(device.videoZoomFactor)))
                } catch {
                    self.fault = "format: \(error)"
                    done.resume(returning: nil)
                }
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

    /// Adds the back camera and the photo output; done again only when the last attempt left no
    /// camera (Try again after a failure).
    private func configureOnce() {
        guard device == nil else { return }
        configurationFailure = nil
        session.beginConfiguration()
        session.sessionPreset = .photo
        if let camera = AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back) {
            do {
                let input = try AVCaptureDeviceInput(device: camera)
                if session.canAddInput(input) {
                    session.addInput(input)
                    device = camera
                } else {
                    configurationFailure = "the back camera cannot be added to the capture session"
                }
            } catch {
                configurationFailure = error.localizedDescription
            }
        } else {
            configurationFailure = "this iPhone has no back camera"
        }
        if session.canAddOutput(photoOutput) { session.addOutput(photoOutput) }
        session.commitConfiguration()
    }
}
