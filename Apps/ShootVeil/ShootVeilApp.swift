// ShootVeil's entry point and composition root: the one place that picks the live adapters
// (AVFoundation camera and still photos, CoreMotion attitude, CoreLocation heading and location, StoreKit 2,
// MapKit), the identify service over the downloaded area's pack and the quota file, the server
// asked for aircraft, the history file, and hands them to
// the models in ShootVeilFeature. Every decision lives in those models (tested on Linux); this
// file only wires.
//
// The StoreKit adapter is made in `init`, so its `Transaction.updates` listener runs from
// launch; the paywall model listens to it for the app's lifetime. The model's `listen()` makes
// the app's folder and starts the camera (a refusal or a failure is shown with its fix) and
// stops the camera when the viewfinder goes.
// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
import AreaDownloads
import AreasFeature
import AreasLive
import Foundation
import IdentifyHistory
import IdentifyKit
import IdentifyService
import PlaceStore
import ShootVeilFeature
import ShootVeilLive
import ShootVeilUI
import SwiftUI

@main
struct ShootVeilApp: App {
    @State private var model: ViewfinderModel
    @State private var areas: AreasModel
    private let camera: CameraCapture
    private let entitlements: Task<Void, Never>

    init() {
        let camera = CameraCapture()
        let downloads = PhoneAreas.downloads()
        let model = ViewfinderModel(environment: ShootVeilComposition.live(camera: camera, areas: downloads))
        self.camera = camera
        _areas = State(initialValue: AreasModel(downloads: downloads, kinds: [.identifyPack]))
        _model = State(initialValue: model)
        entitlements = Task { @MainActor in await model.paywall.listen() }
    }

    var body: some Scene {
        WindowGroup {
            ViewfinderView(model: model, session: camera.session, onLayer: { camera.attach($0) })
                .overlay(alignment: .topTrailing) {
                    AreaOverlay(
                        areas: areas,
                        near: model.state.location.map { AreaPoint(latitude: $0.coordinate.latitude, longitude: $0.coordinate.longitude) })
                }
                .task { await model.listen() }
        }
    }
}

/// The live environment of ShootVeil.
@MainActor
enum ShootVeilComposition {
    /// The products on sale (also in `ShootVeil.storekit`).
    static let productIDs = ["app.loci.shootveil.unlimited.yearly", "app.loci.shootveil.unlimited.lifetime"]  // not-copy: product ids
    /// Free identifications per calendar month.
    static let freePerMonth = 5

    /// The adapters; the identify pack of the area downloaded into `areas` (found on each tap, so
    /// a download is used at once; until one is, buildings and landmarks are unavailable and the
    /// area overlay explains and offers the nearest area); the quota file; aircraft from the server
    /// (`LociServerURL`) at each tap; still photos through the camera's photo output, kept in
    /// Photos/; the history file; the device's clock. The folder is made by the model (a failure
    /// is shown with Try again), never assumed here.
    static func live(camera: CameraCapture, areas: AreaDownloads) -> ShootVeilEnvironment {
        let folder = ShootVeilFolder.applicationSupport()
        let quota = FileIdentificationQuota(
            path: folder.file("quota.json").path, monthlyLimit: freePerMonth, timeZone: .current)  // not-copy: a file name
        let identification = InstalledAreaIdentificationSource(downloads: areas, quota: quota)
        return ShootVeilEnvironment(
            attitude: CoreMotionAttitudeSource(),
            heading: CoreLocationHeadingSource(),
            location: CoreLocationCaptureSource(),
            camera: camera,
            identification: identification,
            aircraft: nil,
            store: StoreKitEntitlementStore(productIDs: productIDs),
            maps: MapKitMapsOpener(),
            now: { Date() },
            // Aircraft through the server, still photos, history (all optional: buildings answer offline).
            serverAircraft: serverURL().map { ServerAircraftSource(baseURL: $0) },
            stills: StillPhotoCapture(output: camera.photoOutput),
            photosFolder: folder.photos,
            history: IdentificationHistoryFile(path: folder.file("history.json").path),  // not-copy: a file name
            cameraSession: camera, folder: folder)
    }

    /// The server asked for aircraft: the Info.plist's `LociServerURL`; none when it is empty
    /// (then aircraft are left out and buildings still answer from the phone).
    private static func serverURL() -> URL? {
        guard let text = Bundle.main.object(forInfoDictionaryKey: "LociServerURL") as? String, !text.isEmpty else {  // not-copy: a key
            return nil
        }
        return URL(string: text)
    }
}
