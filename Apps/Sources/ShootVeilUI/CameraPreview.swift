import AVFoundation
import SwiftUI

/// The camera preview: a thin `UIViewRepresentable` over an `AVCaptureVideoPreviewLayer` (the
/// view's own layer) showing `session`, aspect-fill. It hands its layer to `onLayer` once, so
/// the camera adapter can convert taps through it.
public struct CameraPreview: UIViewRepresentable {
    /// The session to show.
    public var session: AVCaptureSession
    /// Receives the preview layer.
    public var onLayer: @MainActor (AVCaptureVideoPreviewLayer) -> Void

    /// A preview of `session`.
    public init(session: AVCaptureSession, onLayer: @escaping @MainActor (AVCaptureVideoPreviewLayer) -> Void) {
        self.session = session
        self.onLayer = onLayer
    }

    public func makeUIView(context: Context) -> PreviewView {
        let view = PreviewView()
        view.backgroundColor = .black
        view.previewLayer.session = session
        view.previewLayer.videoGravity = .resizeAspectFill
        onLayer(view.previewLayer)
        return view
    }

    public func updateUIView(_ view: PreviewView, context: Context) {}

    /// A view whose backing layer is the preview layer.
    public final class PreviewView: UIView {
        override public class var layerClass: AnyClass { AVCaptureVideoPreviewLayer.self }

        /// The backing layer.
        var previewLayer: AVCaptureVideoPreviewLayer {
            // The backing layer's class is `layerClass`, so this cast always succeeds.
            layer as? AVCaptureVideoPreviewLayer ?? AVCaptureVideoPreviewLayer()
        }
    }
}
