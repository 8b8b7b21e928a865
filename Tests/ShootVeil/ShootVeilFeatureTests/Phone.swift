import Foundation
import IdentifyKit
import IdentifyService
import LociLocalization
import LociTestSupport
import LockedState
import PlaceImport
import PlaceStore
import ShootVeilFeature

/// A clock the test moves (seconds since 1970).
final class TestClock: Sendable {
    private let time: Locked<Double>
    init(_ start: Double) { time = Locked(start) }
    func set(_ value: Double) { time.withLock { $0 = value } }
    var date: Date { Date(timeIntervalSince1970: time.withLock { $0 }) }
}

/// The real West Village footprints, imported once into a temporary place store.
enum WestVillage {
    static let extract = "osm/nyc-west-village.osm.pbf"
    static let available = SharedData.has(extract)

    static let store: SQLitePlaceStore? = {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("shootveil-wv-\(ProcessInfo.processInfo.processIdentifier).sqlite").path
        guard (try? OSMPlaceImporter().import(from: SharedData.url(extract), into: path)) != nil else { return nil }
        return try? SQLitePlaceStore(path: path)
    }()
}

/// One install of ShootVeil: the device fakes, a real identify service (over the West Village
/// store or an offline pack of it when asked), a quota file, the store and Maps fakes, and the clock.
@MainActor
struct Phone {
    static let products = [
        StoreProduct(id: "app.loci.shootveil.unlimited.yearly", displayName: "Unlimited, yearly", displayPrice: "$9.99", isSubscription: true),
        StoreProduct(id: "app.loci.shootveil.unlimited.lifetime", displayName: "Unlimited, for good", displayPrice: "$24.99", isSubscription: false),
    ]

    let attitude: InMemoryAttitudeSource
    let heading = InMemoryHeadingSource()
    let location: InMemoryCaptureLocationSource
    let camera: InMemoryCameraIntrinsicsSource
    let store: InMemoryEntitlementStore
    let maps = InMemoryMapsOpener()
    let quota: FileIdentificationQuota
    let clock: TestClock
    let model: ViewfinderModel

    init(
        places: SQLitePlaceStore? = nil, placeLandmarks: Bool = false, pack: URL? = nil, aircraft: AircraftSnapshot? = nil, format: CameraFormat? = nil,
        preview: PlanePoint = PlanePoint(x: 393, y: 852), freeLimit: Int = 5, entitlement: Entitlement = .free,
        restorable: Entitlement = .free, attitudeAvailable: Bool = true, locationAllowed: Bool = true,
        clock start: Double = 1_764_115_200, language: AppLanguage = .english,
        cameraSession: (any CameraSessionControl)? = nil, folder: ShootVeilFolder? = nil,
        identification: (any IdentificationSource)? = nil
    ) throws {
        attitude = InMemoryAttitudeSource(isAvailable: attitudeAvailable)
        location = InMemoryCaptureLocationSource(allowed: locationAllowed)
        camera = InMemoryCameraIntrinsicsSource(
            format: try format ?? CameraFormat(longSide: 4032, shortSide: 3024, fieldOfView: 69.4), preview: preview)
        store = InMemoryEntitlementStore(products: Self.products, entitlement: entitlement, restorable: restorable)
        quota = FileIdentificationQuota(
            path: FileManager.default.temporaryDirectory.appendingPathComponent("shootveil-quota-\(UUID().uuidString).json").path,
            monthlyLimit: freeLimit, timeZone: TimeZone(identifier: "America/New_York")!)
        clock = TestClock(start)
        let clock = self.clock
        let source: any IdentificationSource = if let identification {
            identification
        } else if let pack {
            try ServiceIdentificationSource(pack: pack, quota: quota)
        } else {
            ServiceIdentificationSource(
                service: IdentificationService(places: places, landmarksFromPlaces: placeLandmarks, quota: quota))
        }
        model = ViewfinderModel(
            environment: ShootVeilEnvironment(
                attitude: attitude, heading: heading, location: location, camera: camera,
                identification: source,
                aircraft: aircraft.map(FixedAircraftSource.init), store: store, maps: maps, now: { clock.date },
                cameraSession: cameraSession, folder: folder, language: language))
    }

    /// Readings that make the viewfinder ready at the clock's time: a 5 m fix in the West
    /// Village, a ±4° compass and the phone upright towards north.
    func makeReady(heading accuracy: Double = 4) {
        let now = clock.date.timeIntervalSince1970
        model.apply(.camera(running: true))
        model.apply(
            .location(
                .sample(
                    LocationSample(
                        coordinate: .init(uncheckedLatitude: 40.7336, longitude: -74.0027), ellipsoidalAltitude: -30,
                        altitude: 3, horizontalAccuracy: 5, verticalAccuracy: 3, time: now))))
        model.apply(.heading(HeadingSample(trueHeading: 0, accuracy: accuracy, time: now)))
        model.apply(.attitude(AttitudeSample(quaternion: AttitudeQuaternion(w: 0.5, x: 0.5, y: -0.5, z: -0.5), time: now)))
    }

    /// The preview's centre.
    static let centre = PlanePoint(x: 393 / 2, y: 852 / 2)
}
