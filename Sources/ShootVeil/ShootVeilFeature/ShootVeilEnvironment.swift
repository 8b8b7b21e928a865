import Foundation
import IdentifyHistory
import IdentifyKit
import LociLocalization

/// Everything ShootVeil's models need from the device, the store and the data, injected once by
/// the app's composition root (AVFoundation, CoreMotion, CoreLocation, StoreKit and MapKit
/// adapters) or by a test (fakes and real engines).
///
/// Time comes from ``now``, never from `Date()` inside a model.
public struct ShootVeilEnvironment: Sendable {
    /// The phone's attitude (true north).
    public var attitude: any AttitudeSource
    /// The compass.
    public var heading: any HeadingSource
    /// Where the phone is.
    public var location: any CaptureLocationSource
    /// The camera's format, zoom and tap conversion.
    public var camera: any CameraIntrinsicsSource
    /// Identifications and the free quota.
    public var identification: any IdentificationSource
    /// Aircraft around (`nil`: buildings and landmarks only).
    public var aircraft: (any AircraftSource)?
    /// Purchases and entitlements.
    public var store: any EntitlementStore
    /// Hand-off to Maps.
    public var maps: any MapsOpener
    /// The gates (calibration threshold, sample ages).
    public var settings: ViewfinderSettings
    /// The clock.
    public var now: @Sendable () -> Date
    /// A server asked for the aircraft at each tap (`nil`: offline only; buildings never need it).
    public var serverAircraft: (any ServerAircraftLookup)?
    /// The camera's still photos (`nil`: no shutter button).
    public var stills: (any StillCamera)?
    /// Where still photos are saved (`nil`: a still is identified but not kept).
    public var photosFolder: URL?
    /// Where past identifications are kept (`nil`: none are kept).
    public var history: IdentificationHistoryFile?
    /// The camera's session, started and stopped by ``ViewfinderModel/listen()`` (`nil`: the
    /// caller runs the camera, as tests do).
    public var cameraSession: (any CameraSessionControl)?
    /// The folder the quota, history and photos live in, made by ``ViewfinderModel/listen()``
    /// (`nil`: nothing to make).
    public var folder: ShootVeilFolder?
    /// The language the models speak (the person's by default).
    public var language: AppLanguage

    /// Creates an environment.
    public init(
        attitude: any AttitudeSource, heading: any HeadingSource, location: any CaptureLocationSource,
        camera: any CameraIntrinsicsSource, identification: any IdentificationSource,
        aircraft: (any AircraftSource)? = nil, store: any EntitlementStore, maps: any MapsOpener,
        settings: ViewfinderSettings = ViewfinderSettings(), now: @escaping @Sendable () -> Date,
        serverAircraft: (any ServerAircraftLookup)? = nil, stills: (any StillCamera)? = nil, photosFolder: URL? = nil,
        history: IdentificationHistoryFile? = nil, cameraSession: (any CameraSessionControl)? = nil,
        folder: ShootVeilFolder? = nil, language: AppLanguage = .current
    ) {
        self.attitude = attitude
        self.heading = heading
        self.location = location
        self.camera = camera
        self.identification = identification
        self.aircraft = aircraft
        self.store = store
        self.maps = maps
        self.settings = settings
        self.now = now
        self.serverAircraft = serverAircraft
        self.stills = stills
        self.photosFolder = photosFolder
        self.history = history
        self.cameraSession = cameraSession
        self.folder = folder
        self.language = language
    }
}
