import IdentifyKit
import LociLocalization

extension ViewfinderModel {
    /// The most zoom the viewfinder asks for (the camera may allow less; it clamps).
    public static let maximumZoom = 10.0

    /// Sets the camera's zoom factor (clamped to 1…``maximumZoom``) and keeps the zoom the
    /// camera reports afterwards in ``zoom``; a zoom the camera refused is shown in ``failures``. The next tap's capture uses the camera's format at
    /// that zoom, so its field of view narrows: `tan(fov/2)` divides by the zoom.
    public func setZoom(_ factor: Double) async {
        let wanted = factor.isFinite ? max(1, min(factor, Self.maximumZoom)) : 1
        await environment.camera.setZoom(wanted)
        zoom = await environment.camera.currentFormat()?.zoom ?? wanted
        await collectCameraFault()
    }

    /// A pinch in progress: `magnification` is the gesture's scale since it began (1: none);
    /// the zoom becomes the zoom at the pinch's start times it.
    public func pinch(_ magnification: Double) async {
        let base = pinchBase ?? zoom
        pinchBase = base
        await setZoom(base * magnification)
    }

    /// The pinch ended: the next pinch starts from the zoom now in force.
    public func endPinch() { pinchBase = nil }

    /// The zoom as the zoom button shows it ("2.0×" / "2,0×").
    public var zoomLine: String {
        let t = Localizer(.shootVeil, language)
        return t("%@×", t.number(zoom, fractionDigits: 1))
    }
}
