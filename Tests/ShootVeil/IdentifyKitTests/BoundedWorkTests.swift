import Foundation
import GeoKit
import PlaceKit
import Testing

@testable import IdentifyKit

/// The identifier's work is bounded whatever the capture says, and stops when cancelled.
@Suite struct BoundedWorkTests {
    static let origin = Coordinate(uncheckedLatitude: 40.73, longitude: -74.0)

    /// A 20 m square tower 30 m north of the camera.
    static func tower() -> InMemoryBuildingIndex {
        let flat = FlatProjection(origin: origin)
        let ring = [(-10.0, 30.0), (10, 30), (10, 50), (-10, 50)].map { flat.coordinate(x: $0.0, y: $0.1) }
        let building = Building(
            id: PlaceID(osm: .way, id: 1), footprint: ring, height: 40, heightSource: .heightTag)
        return InMemoryBuildingIndex(building.map { [$0] } ?? [])
    }

    static func capture(accuracy: Double) throws -> CaptureMetadata {
        try CaptureMetadata(
            time: nil, coordinate: origin, ellipsoidalHeight: 0, attitude: CameraAttitude(heading: 0),
            headingAccuracy: accuracy,
            intrinsics: CameraIntrinsics(horizontalFieldOfView: 60, width: 400, height: 300))
    }

    @Test(
        "an accuracy of 1e308° or 1e9° completes within the fixed number of draws (rejection alone never ended)",
        arguments: [1e308, 1e9, 1e7])
    func hugeAccuracyIsBounded(accuracy: Double) throws {
        let capture = try Self.capture(accuracy: accuracy)
        let tap = try capture.direction(tapX: 200, y: 150)
        let options = IdentifyOptions()
        let result = try BuildingIdentifier.identify(
            capture: capture, tap: tap, buildings: Self.tower(), options: options)
        // Every sampled ray used the whole allowance (almost no draw lands in ±90°) and no more.
        #expect(result.azimuthDraws <= (options.rays - 1) * BuildingIdentifier.maximumAzimuthDraws)
        #expect(result.azimuthDraws > options.rays - 1)
        // Folded rays still stay in the ±90° wedge: some hit the tower ahead, the rest the sky.
        let share = result.candidates.first?.confidence ?? 0
        #expect(share > 0 && share < 1)
    }

    @Test("within the accepted accuracies a ray needs a few draws, and the answer does not change with the bound")
    func usualAccuracyIsUnchanged() throws {
        let capture = try Self.capture(accuracy: 10)
        let tap = try capture.direction(tapX: 200, y: 150)
        let result = try BuildingIdentifier.identify(capture: capture, tap: tap, buildings: Self.tower())
        // σ = 10°, wedge ±30°: about one draw a ray.
        #expect(result.azimuthDraws < 2 * IdentifyOptions().rays)
    }

    @Test("folding keeps an offset inside the wedge, and a non-finite one goes to its centre")
    func foldStaysInTheWedge() {
        #expect(BuildingIdentifier.fold(12, into: 30) == 12)
        #expect(BuildingIdentifier.fold(70, into: 30) == 10)
        #expect(BuildingIdentifier.fold(-70, into: 30) == -10)
        #expect(abs(BuildingIdentifier.fold(1e308, into: 90)) <= 90)
        #expect(BuildingIdentifier.fold(.infinity, into: 90) == 0)
        #expect(BuildingIdentifier.fold(.nan, into: 90) == 0)
    }

    @Test("a cancelled task stops casting rays and says so")
    func cancelledIdentificationStops() async throws {
        let capture = try Self.capture(accuracy: 10)
        let tap = try capture.direction(tapX: 200, y: 150)
        let buildings = Self.tower()
        let task = Task { () throws(IdentifyError) -> BuildingIdentifier.Result in
            // Wait until cancelled, so the ray loop starts cancelled.
            while !Task.isCancelled { await Task.yield() }
            return try BuildingIdentifier.identify(capture: capture, tap: tap, buildings: buildings)
        }
        task.cancel()
        await #expect(throws: IdentifyError(.cancelled)) { try await task.value }
    }
}
