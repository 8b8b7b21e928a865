import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import Testing

@testable import IdentifyKit

/// Synthetic scenes with known answers on the real West Village footprints.
@Suite(
    .enabled(
        if: WestVillage.available, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
struct WestVillageSceneTests {
    /// A camera in the street 12 m in front of a building's long wall (a point at least 6 m from
    /// every footprint, whose nearest footprint is that building), for buildings with a real height.
    struct StreetView {
        var target: Building
        var camera: Coordinate
        var heading: Double
        var distance: Double
    }

    static func streetViews(maximumHeight: Double = 1_000, minimumHeight: Double = 8) -> [StreetView] {
        var views: [StreetView] = []
        for building in WestVillage.buildings where building.heightSource == .heightTag {
            guard let height = building.height, height >= minimumHeight, height <= maximumHeight else {
                continue
            }
            let ring = building.footprint
            let flat = FlatProjection(origin: ring[0])
            let points = ring.map(flat.xy)
            // Signed area: positive for counter-clockwise rings.
            var area = 0.0
            for i in 0..<(points.count - 1) {
                area += points[i].x * points[i + 1].y - points[i + 1].x * points[i].y
            }
            func edgeLength(_ i: Int) -> Double {
                let dx: Double = points[i + 1].x - points[i].x
                let dy: Double = points[i + 1].y - points[i].y
                return (dx * dx + dy * dy).squareRoot()
            }
            guard let longest = (0..<(points.count - 1)).max(by: { edgeLength($0) < edgeLength($1) }) else {
                continue
            }
            let a = points[longest]
            let b = points[longest + 1]
            let length = edgeLength(longest)
            guard length >= 20 else { continue }
            // Outward normal: right of the edge for counter-clockwise rings.
            let sign = area > 0 ? 1.0 : -1.0
            let nx: Double = sign * (b.y - a.y) / length
            let ny: Double = -sign * (b.x - a.x) / length
            let mid = ((a.x + b.x) / 2, (a.y + b.y) / 2)
            let camera = flat.coordinate(x: mid.0 + 12 * nx, y: mid.1 + 12 * ny)
            let local = FlatProjection(origin: camera)
            let nearby = WestVillage.buildings.map { ($0.id, local.edgeDistance($0.footprint)) }
            guard let nearest = nearby.min(by: { $0.1 < $1.1 }), nearest.0 == building.id,
                !WestVillage.buildings.contains(where: { local.contains($0.footprint) }),
                nearby.filter({ $0.0 != building.id }).allSatisfy({ $0.1 >= 6 }), abs(nearest.1 - 12) < 0.5
            else { continue }
            let heading: Double = atan2(-nx, -ny) * 180 / Double.pi
            views.append(
                StreetView(
                    target: building, camera: camera,
                    heading: (heading + 360).truncatingRemainder(dividingBy: 360), distance: 12))
            if views.count == 25 { break }
        }
        return views
    }

    @Test func importedBuildingsHaveRealHeights() {
        let withHeight = WestVillage.buildings.filter { $0.heightSource == .heightTag }.count
        // SOURCES.md: 1,509 buildings with `height`.
        #expect(withHeight > 1_400)
    }

    @Test func cameraInTheStreetAimedAtABuildingRanksItFirst() throws {
        let views = Self.streetViews()
        #expect(views.count >= 10)
        let identifier = Identifier(buildings: WestVillage.index)
        for view in views {
            let height = try #require(view.target.height)
            // Aim at the wall's middle: half the height above the street, 12 m away.
            let pitch = atan((height / 2 - 1.6) / view.distance) * 180 / .pi
            let capture = try WestVillage.capture(
                at: view.camera, heading: view.heading, pitch: pitch, accuracy: 5)
            let candidates = try identifier.identify(capture, tapX: 2016, y: 1512)
            #expect(candidates.first?.id == view.target.id.rawValue, "\(view.target.id) from \(view.camera)")
            #expect(candidates.first?.kind != .aircraft)
            let first = try #require(candidates.first)
            #expect(abs(first.distance - 12) < 1, "enters 12 m away, got \(first.distance)")
        }
    }

    /// Along a real street view past a low building, the next building behind it is at least
    /// 15 m taller: a tap above the low roof finds the tall one, a tap below finds the low one.
    @Test func tallBuildingBehindALowOne() throws {
        var found = 0
        var options = IdentifyOptions()
        options.minimumHeadingSigma = 0.5
        options.maximumRange = 600
        let identifier = Identifier(buildings: WestVillage.index, options: options)
        for view in Self.streetViews(maximumHeight: 20, minimumHeight: 5) {
            let low = view.target
            let lowHeight = try #require(low.height)
            let flat = FlatProjection(origin: view.camera)
            // Every footprint the centre line crosses within 500 m, by entry distance.
            var crossings: [(Building, Double, Double)] = []
            for b in WestVillage.buildings {
                let ts = flat.crossings(b.footprint, bearing: view.heading)
                if let first = ts.first, let last = ts.last, first < 500 {
                    crossings.append((b, first, last))
                }
            }
            crossings.sort { $0.1 < $1.1 }
            guard crossings.count >= 2, crossings[0].0.id == low.id else { continue }
            let behind = crossings[1]
            guard let tallHeight = behind.0.height, behind.0.heightSource == .heightTag,
                tallHeight > lowHeight + 15
            else { continue }
            // Above the low roof where the ray enters it, and below the tall one's top where it enters that.
            let lowest = atan((lowHeight - 1.6) / crossings[0].1) * 180 / .pi
            let highest = atan((tallHeight - 1.6) / behind.1) * 180 / .pi
            guard highest - lowest > 4 else { continue }
            let above = try WestVillage.capture(
                at: view.camera, heading: view.heading, pitch: (lowest + highest) / 2, accuracy: 0.5)
            let tall = try identifier.identify(above, tapX: 2016, y: 1512)
            #expect(tall.first?.id == behind.0.id.rawValue, "above the roof of \(low.id) from \(view.camera)")
            let belowPitch = atan((lowHeight / 2 - 1.6) / crossings[0].1) * 180 / .pi
            let below = try WestVillage.capture(
                at: view.camera, heading: view.heading, pitch: belowPitch, accuracy: 0.5)
            let lowResult = try identifier.identify(below, tapX: 2016, y: 1512)
            #expect(lowResult.first?.id == low.id.rawValue, "below the roof of \(low.id)")
            found += 1
        }
        #expect(found >= 1, "no tall-behind-low pair in the extract's street views")
    }
}

/// Ray-cast rules on hand-built squares (metres east/north of a point in Manhattan).
@Suite struct RayCastRuleTests {
    static let origin = Coordinate(uncheckedLatitude: 40.73, longitude: -74.0)

    static func square(_ id: Int64, north: Double, size: Double, height: Double?) -> Building {
        let flat = FlatProjection(origin: origin)
        let ring = [
            (-size / 2, north), (size / 2, north), (size / 2, north + size), (-size / 2, north + size),
        ].map {
            flat.coordinate(x: $0.0, y: $0.1)
        }
        return Building(
            id: PlaceID(osm: .way, id: id), footprint: ring, height: height,
            heightSource: height == nil ? .unknown : .heightTag)!
    }

    func capture(pitch: Double) throws -> CaptureMetadata {
        try CaptureMetadata(
            time: nil, coordinate: Self.origin, ellipsoidalHeight: 0,
            attitude: CameraAttitude(heading: 0, pitch: pitch),
            headingAccuracy: 0, pitchAccuracy: 0, intrinsics: WestVillage.intrinsics)
    }

    @Test func unknownHeightCountsAsTheFirstFootprintEntered() throws {
        // A 5 m house at 20 m with a tall tower behind: a ray 30° up clears the house...
        let house = Self.square(1, north: 20, size: 10, height: 5)
        let tower = Self.square(2, north: 60, size: 20, height: 120)
        let identifier = Identifier(buildings: InMemoryBuildingIndex([house, tower]))
        #expect(try identifier.identify(capture(pitch: 30), tapX: 2016, y: 1512).first?.id == "osm:way/2")
        // ...but the same house without a height blocks it.
        let unknown = Self.square(1, north: 20, size: 10, height: nil)
        let blind = Identifier(buildings: InMemoryBuildingIndex([unknown, tower]))
        let result = try blind.identify(capture(pitch: 30), tapX: 2016, y: 1512)
        #expect(result.first?.id == "osm:way/1")
        #expect(result.first?.reason.contains("unknown height") == true)
    }

    @Test func earthCurvatureAndRefractionLowerTheRay() throws {
        // A ray drops t²(1 − 0.13)/(2R) = 10 000² · 0.87 / 12 742 017.6 = 6.83 m in 10 km. At 0.05°
        // up it would be 1.6 + 8.73 = 10.33 m high over a flat earth, clearing a 10 m wall there; on
        // the curved earth it is 3.5 m high and hits it. At 0.1° it is 12.2 m high and clears it.
        var options = IdentifyOptions()
        options.maximumRange = 12_000
        options.rays = 1
        let wall = Self.square(3, north: 10_000, size: 200, height: 10)
        let identifier = Identifier(buildings: InMemoryBuildingIndex([wall]), options: options)
        #expect(try identifier.identify(capture(pitch: 0.05), tapX: 2016, y: 1512).first?.id == "osm:way/3")
        #expect(try identifier.identify(capture(pitch: 0.1), tapX: 2016, y: 1512).isEmpty)
        let scene = BuildingScene(
            buildings: [], observer: GeodeticPosition(Self.origin), eyeHeight: 1.6, centre: 0, halfWidth: 10,
            range: 1,
            refraction: 0.13)
        #expect(abs(scene.rayHeight(at: 10_000, tanElevation: 0) - (1.6 - 6.828)) < 0.01)
    }

    @Test func monteCarloSharesAddUpAndSplitBetweenNeighbours() throws {
        // Two equal towers side by side straight ahead, split at azimuth 0: each takes about half.
        let flat = FlatProjection(origin: Self.origin)
        func tower(_ id: Int64, west: Double) -> Building {
            let ring = [(west, 100.0), (west + 50, 100.0), (west + 50, 150.0), (west, 150.0)].map {
                flat.coordinate(x: $0.0, y: $0.1)
            }
            return Building(
                id: PlaceID(osm: .way, id: id), footprint: ring, height: 200, heightSource: .heightTag)!
        }
        var c = try capture(pitch: 10)
        c.headingAccuracy = 10
        let result = try BuildingIdentifier.identify(
            capture: c, tap: c.direction(tapX: 2016, y: 1512),
            buildings: InMemoryBuildingIndex([tower(4, west: -50), tower(5, west: 0)]))
        #expect(result.candidates.count == 2)
        let total = result.candidates.map(\.confidence).reduce(0, +) + result.skyShare
        #expect(abs(total - 1) < 1e-9)
        for candidate in result.candidates { #expect(abs(candidate.confidence - 0.5) < 0.1) }
    }
}

/// The pruned walk (index, wedge, early stop) against the exhaustive reference on the real footprints.
@Suite(
    .enabled(
        if: WestVillage.available, Comment(rawValue: SharedData.missingMessage("the West Village extract"))))
struct PrunedAgainstExhaustiveTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func sameHitsAsTheExhaustiveCast(seed: UInt64) throws {
        var rng = SeededGenerator(seed: seed)
        let buildings = WestVillage.buildings
        var options = IdentifyOptions()
        options.rays = 200
        options.maximumRange = 400
        for _ in 0..<5 {
            // A random vertex of a random building, stepped 3 m outward from its centre: near walls, in the open.
            let building = buildings[Int.random(in: 0..<buildings.count, using: &rng)]
            let vertex = building.footprint[0]
            let flat = FlatProjection(origin: vertex)
            let centre = building.footprint.dropLast().map(flat.xy).reduce((0.0, 0.0)) {
                ($0.0 + $1.x, $0.1 + $1.y)
            }
            let n = Double(building.footprint.count - 1)
            let away = (-centre.0 / n, -centre.1 / n)
            let length = max(1e-6, (away.0 * away.0 + away.1 * away.1).squareRoot())
            let camera = flat.coordinate(x: 3 * away.0 / length, y: 3 * away.1 / length)
            let heading = Double.random(in: 0..<360, using: &rng)
            let pitch = Double.random(in: -5...40, using: &rng)
            let accuracy = Double.random(in: 1...25, using: &rng)
            let capture = try WestVillage.capture(
                at: camera, heading: heading, pitch: pitch, accuracy: accuracy)
            let tap = try capture.direction(
                tapX: Double.random(in: 0...4032, using: &rng), y: Double.random(in: 0...3024, using: &rng))
            let pruned = try BuildingIdentifier.identify(
                capture: capture, tap: tap, buildings: WestVillage.index, options: options)
            let reference = BuildingIdentifier.identifyExhaustively(
                capture: capture, tap: tap, buildings: buildings, options: options)
            #expect(pruned.candidates.map(\.id) == reference.candidates.map(\.id))
            #expect(pruned.candidates.map(\.confidence) == reference.candidates.map(\.confidence))
            #expect(pruned.skyShare == reference.skyShare)
            #expect(pruned.tapHitID == reference.tapHitID)
            #expect(pruned.consideredBuildings < reference.consideredBuildings)
        }
    }
}
