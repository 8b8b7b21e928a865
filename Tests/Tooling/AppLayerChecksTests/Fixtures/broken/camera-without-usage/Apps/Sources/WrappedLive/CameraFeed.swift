import AVFoundation

public final class CameraFeed {
    public let session = AVCaptureSession()

    public func start() {
        guard let camera = AVCaptureDevice.default(for: .video) else { return }
        _ = camera
        session.startRunning()
    }
}
