import Foundation
import LociLocalization

/// Something that went wrong outside a tap that the person must be told about, with its fix.
public enum ViewfinderFailure: Sendable, Hashable {
    /// Camera access is refused: Open Settings.
    case cameraDenied
    /// The camera could not be opened or started (the reason): Retry.
    case cameraUnavailable(String)
    /// The camera refused something while running (a zoom, its format; the reason): OK.
    case cameraFault(String)
    /// ShootVeil's folder could not be made (the reason): nothing is kept until it is; free
    /// space, then Retry.
    case storage(String)
    /// The downloaded area's pack does not open (the area and the fault): buildings and
    /// landmarks are not identified until it is downloaded again in Areas; OK.
    case areaUnusable(String)

    /// Whether the camera cannot run because of it (refused, or would not start).
    public var keepsCameraOff: Bool {
        switch self {
        case .cameraDenied, .cameraUnavailable: true
        case .cameraFault, .storage, .areaUnusable: false
        }
    }

    /// What the person can do about it.
    public var fix: FailureFix {
        switch self {
        case .cameraDenied: .openSettings
        case .cameraUnavailable, .storage: .retry
        case .cameraFault, .areaUnusable: .dismiss
        }
    }
}

/// A failure as the viewfinder shows it.
public struct FailureNotice: Sendable, Hashable, Identifiable {
    /// The failure (what ``ViewfinderModel/resolve(_:)`` takes).
    public var failure: ViewfinderFailure
    /// What went wrong and what to do, in the model's language.
    public var message: String
    /// The fix's button title.
    public var fixTitle: String

    /// The failure identifies the notice.
    public var id: ViewfinderFailure { failure }
}

/// The button a failure offers.
public enum FailureFix: Sendable, Hashable {
    /// Open the app's page in Settings (a refused permission).
    case openSettings
    /// Try the failed step again (``ViewfinderModel/resolve(_:)``).
    case retry
    /// Acknowledge it (``ViewfinderModel/resolve(_:)`` removes it).
    case dismiss
}

extension ShootVeilCopy {
    /// A failure in a sentence that says what to do.
    public static func failure(_ failure: ViewfinderFailure, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch failure {
        case .cameraDenied:
            return t("ShootVeil cannot use the camera. Allow camera access for ShootVeil in Settings.")
        case .cameraUnavailable(let reason): return t("The camera could not be started: %@", reason)
        case .cameraFault(let reason): return t("The camera refused a change: %@", reason)
        case .storage(let reason):
            return t(
                "ShootVeil cannot save on this iPhone (%@), so history, photos and the free count are not kept. Free some space in Settings › General › iPhone Storage, then try again.",
                reason)
        case .areaUnusable(let reason):
            return t(
                "The downloaded area could not be opened (%@), so buildings and landmarks are not identified. Delete it in Areas and download it again.",
                reason)
        }
    }

    /// The fix's button title.
    public static func fix(_ fix: FailureFix, in language: AppLanguage = .current) -> String {
        let t = Localizer(.shootVeil, language)
        switch fix {
        case .openSettings: return t("Open Settings")
        case .retry: return t("Try again")
        case .dismiss: return t("OK")
        }
    }
}

extension ViewfinderModel {
    /// Each failure as the viewfinder shows it: the sentence and the fix's title.
    public var failureNotices: [FailureNotice] {
        failures.map {
            FailureNotice(failure: $0, message: ShootVeilCopy.failure($0, in: language), fixTitle: ShootVeilCopy.fix($0.fix, in: language))
        }
    }

    /// Makes ShootVeil's folder; a failure is shown (with Retry) and cleared once it works.
    func prepareFolder() {
        guard let folder = environment.folder else { return }
        failures.removeAll { if case .storage = $0 { true } else { false } }
        if let reason = folder.prepare() { failures.append(.storage(reason)) }
    }

    /// Starts the camera session; a refusal or a camera that will not start is shown, and
    /// cleared once it runs.
    func startCamera() async {
        guard let session = environment.cameraSession else { return }
        let outcome = await session.start()
        failures.removeAll(where: \.keepsCameraOff)
        switch outcome {
        case .running: break
        case .denied: failures.append(.cameraDenied)
        case .unavailable(let reason): failures.append(.cameraUnavailable(reason))
        }
    }

    /// Picks up what the camera refused since it was last asked, once.
    func collectCameraFault() async {
        guard let fault = await environment.cameraSession?.takeFault() else { return }
        if !failures.contains(.cameraFault(fault)) { failures.append(.cameraFault(fault)) }
    }

    /// Acts on a failure's fix: Retry makes the folder or starts the camera again; OK removes a
    /// camera fault, or an unusable area (not shown again for the same fault). Open Settings is the view's (the system opens it); nothing changes here.
    public func resolve(_ failure: ViewfinderFailure) async {
        switch failure {
        case .cameraDenied: break
        case .cameraUnavailable: await startCamera()
        case .storage: prepareFolder()
        case .cameraFault: failures.removeAll { $0 == failure }
        case .areaUnusable:
            failures.removeAll { $0 == failure }
            acknowledged.insert(failure)
        }
    }

    /// Shows the identification source's unusable data (a pack that does not open), once per
    /// fault; clears it once the data is usable again.
    func noteUnusableData() {
        let current = environment.identification.unusableData
        failures.removeAll {
            if case .areaUnusable(let reason) = $0 { reason != current } else { false }
        }
        guard let current else { return acknowledged.removeAll() }
        let failure = ViewfinderFailure.areaUnusable(current)
        if !failures.contains(failure), !acknowledged.contains(failure) { failures.append(failure) }
    }
}
