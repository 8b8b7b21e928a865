import AircraftFeeds
import Foundation
import GeoKit
import IdentifyHistory
import IdentifyKit
import IdentifyPack
import IdentifyPackBuilder
import IdentifyService
import LociServer
import LociTestSupport
import LociLocalization
import LockedState
import ShootVeilFeature
import TidepoolTestServer

/// A clock the test moves (seconds since 1970).
final class TestClock: Sendable {
    private let time: Locked<Double>
    init(_ start: Double) { time = Locked(start) }
    func set(_ value: Double) { time.withLock { $0 = value } }
    var date: Date { Date(timeIntervalSince1970: time.withLock { $0 }) }
}

/// The shared data these tests read.
enum Shared {
    static let westVillage = "osm/nyc-west-village.osm.pbf"
    static let irvineSnapshot = "adsb/readsb-aircraft-irvine.json"

    /// An offline pack of the West Village, built once per process.
    static let pack: URL? = {
        guard SharedData.has(westVillage) else { return nil }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("shootveil-server-wv-\(ProcessInfo.processInfo.processIdentifier).pack")
        if FileManager.default.fileExists(atPath: url.path) { return url }
        let built = try? PackBuilder().build(
            from: .extract(SharedData.url(westVillage)), to: url.path, now: Date(timeIntervalSince1970: 0))
        return built == nil ? nil : url
    }()
}

/// A readsb receiver stub serving `body` at `/data/aircraft.json`, and a real `loci serve` on
/// loopback whose aircraft feed it is.
struct FeedServer {
    let stub: StubHTTPServer
    let server: ClientTestServer

    static func start(_ body: @escaping @Sendable () -> StubResponse) async throws -> FeedServer {
        let stub = try StubHTTPServer { request in
            request.path == "/data/aircraft.json" ? body() : StubResponse(status: 404)
        }
        let url = stub.baseURL.appendingPathComponent("data/aircraft.json")
        let server = try await ClientTestServer.start { $0.aircraftFeed = .readsb(url) }
        return FeedServer(stub: stub, server: server)
    }

    /// The feed serving the shared Irvine snapshot.
    static func irvine() async throws -> FeedServer {
        let body = try Data(contentsOf: SharedData.url(Shared.irvineSnapshot))
        return try await start { StubResponse(status: 200, headers: ["Content-Type": "application/json"], body: body) }
    }

    func stop() {
        server.stop()
        stub.stop()
    }
}

/// One install of ShootVeil: device fakes, the offline pack as the identification source (no
/// quota), and the server at `server` asked for aircraft.
@MainActor
struct ServerPhone {
    let attitude = InMemoryAttitudeSource()
    let heading = InMemoryHeadingSource()
    let location = InMemoryCaptureLocationSource()
    let camera: InMemoryCameraIntrinsicsSource
    let clock: TestClock
    let model: ViewfinderModel

    init(
        pack: URL, server: URL?, clock start: Double, format: CameraFormat? = nil,
        wrap: (ServiceIdentificationSource) -> any IdentificationSource = { $0 }, stills: (any StillCamera)? = nil,
        photosFolder: URL? = nil, history: IdentificationHistoryFile? = nil
    ) throws {
        camera = InMemoryCameraIntrinsicsSource(
            format: try format ?? CameraFormat(longSide: 4032, shortSide: 3024, fieldOfView: 69.4),
            preview: PlanePoint(x: 393, y: 852))
        clock = TestClock(start)
        let clock = self.clock
        model = ViewfinderModel(
            environment: ShootVeilEnvironment(
                attitude: attitude, heading: heading, location: location, camera: camera,
                identification: wrap(try ServiceIdentificationSource(pack: pack)),
                store: InMemoryEntitlementStore(products: [], entitlement: .free, restorable: .free),
                maps: InMemoryMapsOpener(), now: { clock.date },
                serverAircraft: server.map { ServerAircraftSource(baseURL: $0, timeout: 4) }, stills: stills,
                photosFolder: photosFolder, history: history, language: .english))
    }

    /// The readings of a recorded capture (`Tests/ShootVeil/ShootVeilFeatureTests/Fixtures`).
    func aim(_ capture: Capture) {
        let time = clock.date.timeIntervalSince1970
        model.apply(.camera(running: true))
        model.apply(
            .location(
                .sample(
                    LocationSample(
                        coordinate: capture.coordinate, ellipsoidalAltitude: capture.ellipsoidal, altitude: capture.msl,
                        horizontalAccuracy: 5, verticalAccuracy: 3, time: time))))
        model.apply(.heading(HeadingSample(trueHeading: capture.heading, accuracy: 4, time: time)))
        model.apply(.attitude(AttitudeSample(quaternion: capture.attitude, time: time)))
    }

    /// The preview's centre.
    static let centre = PlanePoint(x: 393 / 2, y: 426)
}

/// A recorded aim: where the phone stands and how it is held.
struct Capture {
    var time: Double
    var coordinate: Coordinate
    var ellipsoidal: Double
    var msl: Double
    var heading: Double
    var attitude: AttitudeQuaternion

    /// `aimed-at-aircraft.json`: in Irvine at the feed's time, the preview's centre on abe0df
    /// (SWA1086), 21.0 km away at azimuth 116.77°, 21.77° up.
    static let irvine = Capture(
        time: 1_643_337_806.2, coordinate: Coordinate(uncheckedLatitude: 33.6846, longitude: -117.8265),
        ellipsoidal: 20, msl: 55, heading: 116.773_277_292_811_88,
        attitude: AttitudeQuaternion(
            w: 0.129_851_679_829_369_24, x: 0.191_678_209_757_949_8, y: 0.805_414_003_423_117_6,
            z: 0.545_624_677_080_705_8))

    /// `aimed-at-building.json`: 45 m from osm:way/250490712 (69 m tall), the preview's centre
    /// on its middle at half its height.
    static let westVillage = Capture(
        time: 1_764_115_200, coordinate: Coordinate(uncheckedLatitude: 40.738_448_459_414_165, longitude: -73.999_745_087_454_26),
        ellipsoidal: -30, msl: 3, heading: 254.999_977_154_899_97,
        attitude: AttitudeQuaternion(
            w: 0.447_509_851_937_694_44, x: 0.884_702_093_342_582_3, y: 0.116_473_419_641_543_3,
            z: 0.058_915_880_464_951_56))
    static let westVillageBuilding = "osm:way/250490712"
    static let irvineAircraft = "abe0df"
}

/// A fresh temporary folder.
func temporaryFolder(_ prefix: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
}

/// The identification source that records every request it is given, then answers through `inner`.
final class RecordingSource: IdentificationSource {
    let inner: any IdentificationSource
    private let seen = Locked<[IdentifyRequest]>([])

    init(_ inner: any IdentificationSource) { self.inner = inner }

    var requests: [IdentifyRequest] { seen.withLock { $0 } }

    func identify(_ request: IdentifyRequest, now: Date, unlimited: Bool) async throws(IdentifyServiceError)
        -> Identification
    {
        seen.withLock { $0.append(request) }
        return try await inner.identify(request, now: now, unlimited: unlimited)
    }

    func freeRemaining(at now: Date) throws(IdentifyServiceError) -> Int? { try inner.freeRemaining(at: now) }
}
