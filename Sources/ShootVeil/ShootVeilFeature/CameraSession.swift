import Foundation

/// The camera's session as the viewfinder starts and stops it: permission, the back camera's
/// configuration, and what it refused since. `CameraCapture` (AVFoundation) on the phone.
///
/// The tap's geometry (format, zoom, preview conversion) is `IdentifyKit.CameraIntrinsicsSource`;
/// this protocol carries only what a person must be told about.
public protocol CameraSessionControl: Sendable {
    /// Asks for camera access if it was never asked, configures the back camera (once) and
    /// starts it; says how that went.
    func start() async -> CameraStartOutcome
    /// Stops the camera.
    func stop() async
    /// What the camera refused since it was last asked (a zoom it would not take, a format it
    /// could not describe), one line; cleared by asking. `nil` when nothing.
    func takeFault() async -> String?
}

/// How starting the camera went.
public enum CameraStartOutcome: Sendable, Hashable {
    /// The camera runs.
    case running
    /// Camera access is refused (or restricted by Screen Time or a profile): only Settings can
    /// change that.
    case denied
    /// There is no back camera, or it could not be opened or started (the reason, one line).
    case unavailable(String)
}

/// ShootVeil's folder on the phone (the quota, the history, the Photos folder inside): made at
/// launch and again when the person taps Retry, never assumed.
public struct ShootVeilFolder: Sendable, Hashable {
    /// The folder.
    public let url: URL

    /// The folder at `url`.
    public init(url: URL) { self.url = url }

    /// `ShootVeil` in the app's Application Support folder (not created here).
    public static func applicationSupport() -> ShootVeilFolder {
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        return ShootVeilFolder(url: base.appendingPathComponent("ShootVeil", isDirectory: true))
    }

    /// Where still photos are kept.
    public var photos: URL { url.appendingPathComponent("Photos", isDirectory: true) }

    /// A file in the folder.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Makes the folder and its Photos folder if they are missing; `nil` when both are there,
    /// else what the file system said (a full disk, a file in the way).
    public func prepare() -> String? {
        do {
            try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
            return nil
        } catch {
            return error.localizedDescription
        }
    }
}
