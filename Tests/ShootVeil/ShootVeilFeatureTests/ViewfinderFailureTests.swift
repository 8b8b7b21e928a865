import AreaDownloads
import AreaKit
import Foundation
import IdentifyKit
import LociLocalization
import LociTestSupport
import LockedState
import ShootVeilFeature
import Testing

/// A camera session the test scripts: what each start answers, a fault to report once.
final class ScriptedCameraSession: CameraSessionControl {
    private struct State {
        var outcomes: [CameraStartOutcome]
        var fault: String?
        var starts = 0
        var stops = 0
    }

    private let state: Locked<State>

    /// Answers `outcomes` in turn (the last one again once they run out).
    init(_ outcomes: [CameraStartOutcome]) { state = Locked(State(outcomes: outcomes)) }

    func start() async -> CameraStartOutcome {
        state.withLock {
            $0.starts += 1
            return $0.outcomes.count > 1 ? $0.outcomes.removeFirst() : $0.outcomes.first ?? .running
        }
    }

    func stop() async { state.withLock { $0.stops += 1 } }

    func takeFault() async -> String? {
        state.withLock { state in
            let fault = state.fault
            state.fault = nil
            return fault
        }
    }

    func refuse(_ fault: String) { state.withLock { $0.fault = fault } }
    var starts: Int { state.withLock { $0.starts } }
    var stops: Int { state.withLock { $0.stops } }
}

/// The viewfinder's failures outside a tap: each shown with its fix, each cleared when fixed.
@Suite("The viewfinder's failures")
@MainActor
struct ViewfinderFailureTests {
    /// Runs `listen()` until `done` holds (the location running when `nil`), then cancels it.
    static func listenBriefly(_ phone: Phone, until done: (() -> Bool)? = nil) async {
        let listening = Task { await phone.model.listen() }
        #expect(await eventually(done ?? { phone.location.isRunning }))
        listening.cancel()
        await listening.value
    }

    @Test("a refused camera is a failure offering Open Settings, and the status line does not also say 'Starting'")
    func cameraDenied() async throws {
        let camera = ScriptedCameraSession([.denied])
        let phone = try Phone(cameraSession: camera)
        await Self.listenBriefly(phone)
        #expect(phone.model.failures == [.cameraDenied])
        #expect(camera.starts == 1 && camera.stops == 1, "listen starts the camera and stops it when cancelled")
        let notice = try #require(phone.model.failureNotices.first)
        #expect(notice.fixTitle == "Open Settings")
        #expect(notice.message == "ShootVeil cannot use the camera. Allow camera access for ShootVeil in Settings.")
        phone.makeReady()
        phone.model.apply(.camera(running: false))
        #expect(phone.model.state.readiness == .blocked(.cameraNotRunning))
        #expect(phone.model.statusLine == nil, "the failure notice says it, with the fix")
        await phone.model.resolve(.cameraDenied)
        #expect(phone.model.failures == [.cameraDenied], "only Settings can change a refusal")
    }

    @Test("a camera that will not start offers Try again, and is cleared once it starts")
    func cameraUnavailable() async throws {
        let camera = ScriptedCameraSession([.unavailable("no back camera"), .running])
        let phone = try Phone(language: .finnish, cameraSession: camera)
        await Self.listenBriefly(phone)
        #expect(phone.model.failures == [.cameraUnavailable("no back camera")])
        #expect(phone.model.failureNotices.first?.fixTitle == "Yritä uudelleen")
        #expect(phone.model.failureNotices.first?.message == "Kameraa ei voitu käynnistää: no back camera")
        await phone.model.resolve(.cameraUnavailable("no back camera"))
        #expect(phone.model.failures.isEmpty)
        #expect(camera.starts == 2)
    }

    @Test("a zoom the camera refused is shown once and dismissed with OK")
    func cameraFault() async throws {
        let camera = ScriptedCameraSession([.running])
        let phone = try Phone(cameraSession: camera)
        camera.refuse("the camera is in use by another app")
        await phone.model.setZoom(2)
        #expect(phone.model.failures == [.cameraFault("the camera is in use by another app")])
        await phone.model.setZoom(3)
        #expect(phone.model.failures.count == 1, "asked again, nothing new was refused")
        await phone.model.resolve(.cameraFault("the camera is in use by another app"))
        #expect(phone.model.failures.isEmpty)
    }

    @Test("a folder that cannot be made is a failure with Try again, cleared once it can")
    func storage() async throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("shootveil-folder-\(UUID().uuidString)")
        // A file where the folder should be: nothing can be made under it.
        try Data("not a folder".utf8).write(to: base)
        defer { try? FileManager.default.removeItem(at: base) }  // cleanup only
        let folder = ShootVeilFolder(url: base.appendingPathComponent("ShootVeil"))
        let phone = try Phone(folder: folder)
        await Self.listenBriefly(phone)
        guard case .storage(let reason) = try #require(phone.model.failures.first) else {
            Issue.record("expected a storage failure, got \(phone.model.failures)")
            return
        }
        #expect(!reason.isEmpty)
        #expect(phone.model.failureNotices.first?.fixTitle == "Try again")
        try FileManager.default.removeItem(at: base)
        await phone.model.resolve(.storage(reason))
        #expect(phone.model.failures.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.photos.path), "the folder and its Photos folder are made")
    }

    @Test("a refused location offers Open Settings on the status line")
    func locationDenied() async throws {
        let phone = try Phone(locationAllowed: false, language: .finnish)
        await Self.listenBriefly(phone, until: { phone.model.state.locationDenied })
        #expect(phone.model.state.readiness == .blocked(.locationDenied))
        #expect(phone.model.statusFix == .openSettings)
        #expect(phone.model.statusLine == "ShootVeil tarvitsee sijaintisi tietääkseen, mitä edessäsi on. Salli sijainti Asetuksissa.")
    }

    @Test("a failed tap counts towards the warning haptic, in the model's language")
    func failedTapCounts() async throws {
        let phone = try Phone(language: .finnish)
        phone.makeReady()
        phone.camera.set(format: nil)
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.statusLine == "Käynnistetään kameraa…")
        #expect(phone.model.missedCount == 0, "a blocked tap is said on the status line, not buzzed")
    }
}

/// What VoiceOver and the haptics read from the model.
@Suite("The viewfinder for VoiceOver and haptics")
@MainActor
struct ViewfinderAccessibilityTests {
    @Test("VoiceOver's action identifies the preview's centre, as a tap there would")
    func tapCentre() async throws {
        let phone = try Phone()
        phone.makeReady(heading: 45)
        await phone.model.tapCentre()
        #expect(phone.model.phase == .notPossible(marker: Phone.centre, .compassNeedsCalibration(accuracy: 45)))
    }

    @Test("the calibration notice joins the prompt and the advice, in the model's language")
    func calibrationNotice() throws {
        let phone = try Phone(language: .finnish)
        phone.makeReady()
        #expect(phone.model.calibrationNotice == nil)
        phone.makeReady(heading: 35)
        #expect(
            phone.model.calibrationNotice
                == "Kompassi ±35°, tarvitaan ±20°. " + ShootVeilCopy.calibrationAdvice(in: .finnish))
    }

    @Test("the zoom button's words follow the language")
    func zoomLine() async throws {
        let english = try Phone()
        await english.model.setZoom(2)
        #expect(english.model.zoomLine == "2.0×")
        let finnish = try Phone(language: .finnish)
        await finnish.model.setZoom(2.5)
        #expect(finnish.model.zoomLine == "2,5×")
    }

    @Test("a result that finds nothing, and a failed photo, count for the warning haptic; neither for success")
    func haptics() async throws {
        let phone = try Phone()
        phone.makeReady()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-photo-\(UUID().uuidString).jpg")
        await phone.model.identifyPhoto(missing)
        #expect(phone.model.missedCount == 1 && phone.model.identifiedCount == 0)
        guard case .failed(_, let reason) = phone.model.phase else {
            Issue.record("expected a failure, got \(phone.model.phase)")
            return
        }
        #expect(reason.hasPrefix("\(missing.lastPathComponent) could not be read: "), "\(reason)")
    }
}

/// A downloaded area whose pack no longer opens is said, not silently treated as no area.
@Suite("A damaged downloaded area")
@MainActor
struct DamagedAreaTests {
    @Test("a pack that does not open becomes a failure naming the area, dismissed once with OK")
    func damagedPack() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shootveil-areas-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }  // cleanup only
        let area = directory.appendingPathComponent("wv")
        try FileManager.default.createDirectory(at: area, withIntermediateDirectories: true)
        let garbage = Data("not a pack at all".utf8)
        try garbage.write(to: area.appendingPathComponent(AreaKind.identifyPack.fileName))
        let entry = AreaFile(
            kind: .identifyPack, file: "wv.pack", bytes: Int64(garbage.count), sha256: "00", formatVersion: 1,
            builtAt: Date(timeIntervalSince1970: 1_764_000_000))
        try AreaJSON.encoder().encode([entry]).write(to: area.appendingPathComponent("installed.json"))
        let downloads = AreaDownloads(
            directory: directory, transport: HTTPAreaTransport(baseURL: try #require(URL(string: "http://127.0.0.1:9"))))
        let source = InstalledAreaIdentificationSource(downloads: downloads)
        #expect(!source.hasPack)
        let reason = try #require(source.unusableData)
        #expect(reason.hasPrefix("wv: "), "\(reason)")

        let phone = try Phone(identification: source)
        phone.makeReady()
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.phase.result != nil, "the sky is still asked")
        #expect(phone.model.failures == [.areaUnusable(reason)])
        let notice = try #require(phone.model.failureNotices.first)
        #expect(notice.message.hasPrefix("The downloaded area could not be opened (wv: "))
        #expect(notice.fixTitle == "OK")
        await phone.model.resolve(.areaUnusable(reason))
        await phone.model.tap(at: Phone.centre)
        #expect(phone.model.failures.isEmpty, "dismissed, the same fault is not shown again")
        try FileManager.default.removeItem(at: area)
        await phone.model.tap(at: Phone.centre)
        #expect(source.unusableData == nil && phone.model.failures.isEmpty)
    }
}
