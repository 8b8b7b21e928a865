import Foundation
import GeoKit
import IdentifyKit
import IdentifyPack
import IdentifyService
import LociTestSupport
import PlaceKit
import PlaceStore
import Testing

/// The pack answers as the full store does, with the same landmark list and airports.
@Suite("A pack's answers")
struct PackAnswerTests {
    /// A camera at `origin` looking along `heading`, `pitch` up, tapped at the centre.
    static func request(_ origin: Coordinate, heading: Double, pitch: Double = 8) throws -> IdentifyRequest {
        let capture = try CaptureMetadata(
            time: nil, coordinate: origin, ellipsoidalHeight: -30, attitude: CameraAttitude(heading: heading, pitch: pitch),
            headingAccuracy: 4, intrinsics: CameraIntrinsics(focalLength35mm: 26, width: 4032, height: 3024))
        return IdentifyRequest(capture: capture, tapX: 2016, tapY: 1512)
    }

    static let now = Date(timeIntervalSince1970: 1_764_115_200)

    @Test(
        "taps around the West Village give the same candidates from the pack as from the full store",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func sameAsStore() throws {
        let pack = try OfflinePack(path: try WestVillagePack.packFile())
        let (landmarks, airports) = try WestVillagePack.lists()
        let full = IdentificationService(
            places: try SQLitePlaceStore(path: try WestVillagePack.storeFile()), landmarksFromPlaces: true,
            landmarks: landmarks, airports: airports)
        let packed = pack.service()
        var kinds = Set<IdentificationCandidate.Kind>()
        var requests: [IdentifyRequest] = []
        for origin in [(40.7336, -74.0027), (40.7352, -74.0051), (40.7318, -74.0012)] {
            for heading in stride(from: 0.0, to: 360, by: 45) {
                requests.append(try Self.request(Coordinate(latitude: origin.0, longitude: origin.1), heading: heading))
            }
        }
        // Aimed at the pack's landmark places and listed landmarks, from 60 m south.
        let targets = try pack.places.places(in: .world, limit: .max).map(\.coordinate).prefix(15)
            + pack.landmarks.map(\.coordinate).prefix(15)
        for target in targets {
            let origin = try Spherical.destination(from: target, bearing: 180, distance: 60)
            requests.append(try Self.request(origin, heading: 0, pitch: 3))
        }
        for request in requests {
            let expected = try full.identify(request, now: Self.now)
            let answer = try packed.identify(request, now: Self.now)
            #expect(answer.candidates == expected.candidates, "\(request.capture.position.coordinate)")
            kinds.formUnion(expected.candidates.map(\.kind))
        }
        #expect(kinds.isSuperset(of: [.building, .landmark]), "the taps reached \(kinds)")
    }

    @Test(
        "an aircraft over the area names the same nearest airport from the pack as from the full list",
        .enabled(if: WestVillagePack.available, Comment(rawValue: WestVillagePack.missing)))
    func aircraftAirport() throws {
        let pack = try OfflinePack(path: try WestVillagePack.packFile())
        let (_, airports) = try WestVillagePack.lists()
        for point in [(40.9, -73.5), (40.2, -74.6), (41.5, -72.9)] {
            let coordinate = Coordinate(uncheckedLatitude: point.0, longitude: point.1)
            let expected = try #require(Airport.nearest(1, to: coordinate, in: airports).first)
            let packed = try #require(Airport.nearest(1, to: coordinate, in: pack.airports).first)
            #expect(packed.0 == expected.0)
        }
    }
}
