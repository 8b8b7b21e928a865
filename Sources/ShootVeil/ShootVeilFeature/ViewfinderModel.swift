import Foundation
import GeoKit
import IdentifyHistory
import IdentifyKit
import IdentifyService
import LociLocalization
import Observation

/// The viewfinder: the sensors' latest readings and what they allow, a tap turned into ranked
/// candidates through the identification source, the details' hand-off to Maps, and the paywall
/// when the month's free identifications are used up.
@MainActor @Observable
public final class ViewfinderModel {
    /// The readings, the calibration prompt and whether a tap would identify.
    public internal(set) var state = ViewfinderState.initial
    /// What the last tap led to.
    public internal(set) var phase = IdentificationPhase.idle
    /// Where the last identification's aircraft came from ("live", "none", "failed", "offline").
    public internal(set) var aircraftStatus = AircraftStatus.notAsked
    /// The camera's zoom factor as the viewfinder last set it (1: no zoom).
    public internal(set) var zoom = 1.0
    /// The last still photo saved (``captureStill()``), `nil` before the first.
    public internal(set) var lastStill: URL?
    /// What went wrong outside a tap (camera, storage), each shown with its fix until resolved.
    public internal(set) var failures: [ViewfinderFailure] = []
    /// Counts identifications that found something (the success haptic's trigger).
    public internal(set) var identifiedCount = 0
    /// Counts identifications that found nothing or failed (the warning haptic's trigger).
    public internal(set) var missedCount = 0
    /// Failures the person dismissed with OK that are not shown again while they last.
    @ObservationIgnored var acknowledged: Set<ViewfinderFailure> = []
    /// The zoom when the current pinch began, `nil` between pinches.
    @ObservationIgnored var pinchBase: Double?
    /// The quota and the paywall.
    public let paywall: PaywallModel
    /// Past identifications (every result is recorded).
    public let history: HistoryModel

    @ObservationIgnored let environment: ShootVeilEnvironment

    /// A model over `environment`; the sensors start with ``listen()``.
    public init(environment: ShootVeilEnvironment) {
        self.environment = environment
        paywall = PaywallModel(environment: environment)
        history = HistoryModel(
            file: environment.history, photosFolder: environment.photosFolder, language: environment.language)
        state.attitudeAvailable = environment.attitude.isAvailable
    }

    /// Takes one sensor reading and works out the state again.
    public func apply(_ input: SensorInput) {
        switch input {
        case .attitude(let sample):
            state.attitude = sample
            state.camera = (try? CameraAttitude(portraitDevice: sample.quaternion)).map(CameraPointing.init)
        case .heading(let sample): state.heading = sample
        case .location(.sample(let sample)):
            state.location = sample
            state.locationDenied = false
        case .location(.denied): state.locationDenied = true
        case .camera(let running): state.cameraRunning = running
        }
        refresh()
    }

    /// Works out the calibration prompt and readiness again at the clock's time (readings age).
    public func refresh() {
        state = state.evaluated(at: environment.now().timeIntervalSince1970, settings: environment.settings)
    }

    /// Identifies what is under a tap on the preview (points from its top-left corner).
    ///
    /// Blocked (a bad compass, no fix…): says why and asks nothing. No free identification left
    /// and nothing bought: shows the paywall and counts nothing. Otherwise the tap becomes a
    /// capture (the latest readings, the camera's format and zoom, the tap converted through the
    /// aspect-fill preview) and the source's ranked candidates.
    public func tap(at point: PlanePoint) async {
        let camera = environment.camera
        let running = await camera.currentFormat() != nil
        let laidOut = await camera.previewSize() != nil
        apply(.camera(running: running && laidOut))
        guard case .ready = state.readiness, let location = state.location, let heading = state.heading,
            let attitude = state.attitude
        else {
            if case .blocked(let blocker) = state.readiness { phase = .notPossible(marker: point, blocker) }
            return
        }
        guard paywall.allowsIdentification else { return showPaywall() }
        guard let format = await camera.currentFormat(), let pixel = await camera.imagePixel(preview: point) else {
            phase = .notPossible(marker: point, .cameraNotRunning)
            await collectCameraFault()
            return
        }
        phase = .identifying(marker: point)
        let now = environment.now()
        let request: IdentifyRequest
        do {
            let capture = try CaptureAssembly.capture(
                location: location, heading: heading, attitude: attitude, format: format, time: now)
            let aircraft = await environment.aircraft?.snapshot(at: now)
            request = IdentifyRequest(capture: capture, tapX: pixel.x, tapY: pixel.y, aircraft: aircraft)
        } catch {
            fail(marker: point, Localizer(.shootVeil, language)("This tap could not be turned into a capture: %@", "\(error)"))
            return
        }
        await identify(request, marker: point, observer: location.coordinate, now: now)
    }

    /// Identifies what is at the centre of the preview, as a tap there would (VoiceOver's action
    /// on the viewfinder).
    public func tapCentre() async {
        guard let size = await environment.camera.previewSize() else {
            return await tap(at: PlanePoint(x: 0, y: 0))
        }
        await tap(at: PlanePoint(x: size.x / 2, y: size.y / 2))
    }

    /// Identifies `request` on the phone (the offline pack: buildings, landmarks, any local
    /// aircraft snapshot) while the server, when one is configured, is asked for its aircraft;
    /// the two are merged (``CandidateMerge``) and the server's `aircraft.source` kept in
    /// ``aircraftStatus``. A server that cannot be reached changes nothing but the status.
    func identify(
        _ request: IdentifyRequest, marker point: PlanePoint, observer: Coordinate, now: Date,
        still: (file: String, pitch: Double?, roll: Double?)? = nil
    ) async {
        let server = environment.serverAircraft
        async let remote = server?.aircraft(for: request)
        do throws(IdentifyServiceError) {
            let unlimited = paywall.entitlement.isUnlimited
            let found = try await environment.identification.identify(request, now: now, unlimited: unlimited)
            noteUnusableData()
            let answer = await remote
            aircraftStatus = answer?.status ?? .notAsked
            if !unlimited { paywall.freeRemaining = found.quotaRemaining ?? paywall.freeRemaining }
            let candidates = CandidateMerge.merged(local: found.candidates, server: answer?.candidates ?? [])
            history.record(
                HistoryEntry(
                    time: now, latitude: observer.latitude, longitude: observer.longitude, direction: found.direction,
                    candidates: candidates, aircraft: aircraftStatus.word, photo: still?.file, pitch: still?.pitch,
                    roll: still?.roll))
            if candidates.isEmpty { missedCount += 1 } else { identifiedCount += 1 }
            phase = .results(
                IdentificationResult(
                    marker: point, direction: found.direction,
                    candidates: candidates.map { CandidateCard($0, observer: observer) },
                    freeRemaining: unlimited ? nil : found.quotaRemaining, enrichmentFailure: found.enrichmentFailure,
                    aircraft: aircraftStatus))
        } catch {
            if case .quotaReached = error {
                paywall.freeRemaining = 0
                return showPaywall()
            }
            fail(marker: point, Localizer(.shootVeil, language)("The identification failed: %@", error.description))
        }
    }

    /// Shows a failed identification (and counts it for the warning haptic).
    func fail(marker point: PlanePoint, _ reason: String) {
        missedCount += 1
        phase = .failed(marker: point, reason: reason)
    }

    /// Closes the candidates sheet (or the paywall's place in it).
    public func dismiss() { phase = .idle }

    /// Opens Maps on a building or landmark; returns whether Maps opened (never for aircraft).
    @discardableResult
    public func openInMaps(_ card: CandidateCard) async -> Bool {
        guard let target = card.details.mapsTarget else { return false }
        return await environment.maps.open(target)
    }

    private func showPaywall() {
        phase = .paywall
        paywall.isPresented = true
    }
}

/// One reading as the viewfinder takes it (the adapters' streams feed these through
/// ``ViewfinderModel/listen()``; tests call ``ViewfinderModel/apply(_:)`` directly).
public enum SensorInput: Sendable, Hashable {
    /// A new attitude.
    case attitude(AttitudeSample)
    /// A new compass reading.
    case heading(HeadingSample)
    /// A fix, or a refusal.
    case location(LocationEvent)
    /// Whether the camera runs with a laid-out preview.
    case camera(running: Bool)
}
