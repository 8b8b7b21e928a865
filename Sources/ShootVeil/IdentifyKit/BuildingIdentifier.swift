import Foundation
import GeoKit
import PlaceKit

/// Building identification: the 2.5D first-hit ray cast, repeated over the heading and pitch
/// uncertainty (Monte Carlo), ranked by hit share.
public enum BuildingIdentifier {
    /// The outcome of casting the tap's rays.
    public struct Result: Sendable {
        /// Buildings (and landmarks attached to them) by hit share, best first.
        public var candidates: [IdentificationCandidate]
        /// Share of rays that hit no building (they went to the sky or beyond the range).
        public var skyShare: Double
        /// Buildings considered after the wedge filter.
        public var consideredBuildings: Int
        /// The building the exact tap ray hits first, if any.
        public var tapHitID: String?
        /// Normal deviates drawn for the rays' azimuths: at most
        /// ``BuildingIdentifier/maximumAzimuthDraws`` per sampled ray, whatever the accuracy.
        public var azimuthDraws = 0
    }

    /// Draws of one ray's azimuth before it is folded into the wedge instead.
    ///
    /// Azimuths come from the normal truncated to the wedge by rejection. With a sigma far wider
    /// than the wedge (an accuracy of 1e308° meets the 90° cap) almost every draw is rejected,
    /// so rejection alone could run for ever; after this many draws the last one is folded into
    /// the wedge (`remainder`, which for so wide a normal is as good as uniform). The bound does
    /// not depend on the input: at most `rays × 48` draws. Within the accuracies the input
    /// builder accepts (σ ≤ 180°, where a draw lands in the ±90° wedge with probability 0.38) a
    /// ray is folded with probability 0.62⁴⁸ ≈ 1e-10, so those answers are unchanged.
    public static let maximumAzimuthDraws = 48

    /// Rays cast between two looks at the task's cancellation (a deadline passed, the server
    /// shutting down): a cancelled identification stops within one batch.
    public static let cancellationBatch = 64

    /// Casts `options.rays` rays around `tap` and ranks the buildings they hit first.
    ///
    /// Ray 0 is the tap ray itself; the others sample azimuth ~ N(tap, σ_az) and elevation
    /// ~ N(tap, σ_el), σ_az = max(heading accuracy, floor), σ_el = max(pitch accuracy, floor).
    ///
    /// The ray loop looks at `Task.isCancelled` every ``cancellationBatch`` rays.
    ///
    /// - Throws: ``IdentifyError/Kind/buildingSource(_:)`` when the source fails,
    ///   ``IdentifyError/Kind/cancelled`` when the task is cancelled while the rays are cast.
    public static func identify(
        capture: CaptureMetadata, tap: ViewingDirection, buildings source: any BuildingSource,
        landmarks: LandmarkCatalog? = nil, options: IdentifyOptions = IdentifyOptions()
    ) throws(IdentifyError) -> Result {
        let sigmaAzimuth = max(capture.headingAccuracy, options.minimumHeadingSigma)
        let halfWidth = min(90, max(0.5, options.wedgeSigmas) * sigmaAzimuth)
        let box = wedgeBox(
            from: capture.position.coordinate, centre: tap.azimuth, halfWidth: halfWidth,
            range: options.maximumRange)
        let buildings: [Building]
        do { buildings = try source.buildings(in: box) } catch {
            throw IdentifyError(.buildingSource("\(error)"))
        }
        let scene = BuildingScene(
            buildings: buildings, observer: capture.position, eyeHeight: capture.eyeHeightAboveGround,
            centre: tap.azimuth, halfWidth: halfWidth, range: options.maximumRange,
            refraction: options.refraction)
        guard
            let result = cast(
                scene, capture: capture, tap: tap, landmarks: landmarks, options: options, exhaustive: false,
                cancellable: true)
        else { throw IdentifyError(.cancelled) }
        return result
    }

    /// The reference: every building in `buildings` projected and tested by every ray, with no
    /// spatial index, wedge filter or early stop (only the same ``IdentifyOptions/maximumRange``).
    /// It must give exactly what ``identify(capture:tap:buildings:landmarks:options:)`` gives: the
    /// tests' oracle and the benchmark's anchor.
    /// - Complexity: O(r·n·e) for r rays over n buildings of e edges.
    public static func identifyExhaustively(
        capture: CaptureMetadata, tap: ViewingDirection, buildings: [Building],
        options: IdentifyOptions = IdentifyOptions()
    ) -> Result {
        let scene = BuildingScene(
            buildings: buildings, observer: capture.position, eyeHeight: capture.eyeHeightAboveGround,
            centre: tap.azimuth,
            halfWidth: 360, range: options.maximumRange, refraction: options.refraction)
        // Not cancellable, so never nil.
        return cast(
            scene, capture: capture, tap: tap, landmarks: nil, options: options, exhaustive: true, cancellable: false)
            ?? Result(candidates: [], skyShare: 1, consideredBuildings: 0)
    }

    /// The rays' outcome; nil when `cancellable` and the task was cancelled between two batches.
    private static func cast(
        _ scene: BuildingScene, capture: CaptureMetadata, tap: ViewingDirection, landmarks: LandmarkCatalog?,
        options: IdentifyOptions, exhaustive: Bool, cancellable: Bool
    ) -> Result? {
        let sigmaAzimuth = max(capture.headingAccuracy, options.minimumHeadingSigma)
        let sigmaElevation = max(capture.pitchAccuracy, options.minimumPitchSigma)
        let halfWidth = min(90, max(0.5, options.wedgeSigmas) * sigmaAzimuth)
        var generator = SeededNormals(seed: options.seed)
        let rays = max(1, options.rays)
        var hits: [Int: (count: Int, entry: Double, tap: Bool)] = [:]
        var tapHit: Int?
        var azimuthDraws = 0
        for ray in 0..<rays {
            if cancellable, ray % cancellationBatch == 0, Task.isCancelled { return nil }
            // Azimuths are drawn from the normal truncated to the wedge (rejection, at most
            // `maximumAzimuthDraws` draws, then folded), so no ray leaves it.
            var dAz = 0.0
            if ray > 0 {
                for _ in 0..<maximumAzimuthDraws {
                    dAz = generator.next() * sigmaAzimuth
                    azimuthDraws += 1
                    if abs(dAz) <= halfWidth { break }
                }
                dAz = fold(dAz, into: halfWidth)
            }
            let el =
                ray == 0
                ? tap.elevation : max(-89, min(89, tap.elevation + generator.next() * sigmaElevation))
            let az = (tap.azimuth + dAz) * Angle.radiansPerDegree
            guard
                let hit = scene.firstHit(
                    azimuth: az, relativeAzimuth: dAz * Angle.radiansPerDegree,
                    tanElevation: tan(el * Angle.radiansPerDegree),
                    exhaustive: exhaustive)
            else { continue }
            if ray == 0 { tapHit = hit.prism }
            var entry = hits[hit.prism] ?? (0, hit.entry, false)
            entry.count += 1
            if ray == 0 { entry = (entry.count, hit.entry, true) }
            hits[hit.prism] = entry
        }
        let total = Double(rays)
        let hitCount = hits.values.reduce(0) { $0 + $1.count }
        let ranked = hits.sorted { a, b in
            a.value.count != b.value.count
                ? a.value.count > b.value.count
                : scene.prisms[a.key].building.id.rawValue < scene.prisms[b.key].building.id.rawValue
        }.prefix(options.maximumCandidates)
        let candidates = ranked.map { index, hit in
            candidate(
                scene.prisms[index], share: Double(hit.count) / total, entry: hit.entry, tap: hit.tap,
                capture: capture,
                landmarks: landmarks, options: options)
        }
        return Result(
            candidates: candidates, skyShare: Double(rays - hitCount) / total,
            consideredBuildings: scene.prisms.count,
            tapHitID: tapHit.map { scene.prisms[$0].building.id.rawValue }, azimuthDraws: azimuthDraws)
    }

    /// `offset` when it lies within ±`halfWidth`, else folded into it (`remainder` by the wedge's
    /// width); a non-finite offset (a sigma near the largest double) becomes the wedge's centre.
    static func fold(_ offset: Double, into halfWidth: Double) -> Double {
        if abs(offset) <= halfWidth { return offset }
        guard offset.isFinite, halfWidth > 0 else { return 0 }
        return max(-halfWidth, min(halfWidth, remainder(offset, 2 * halfWidth)))
    }

    /// A bounding box covering the sector `centre ± halfWidth` degrees out to `range` metres.
    static func wedgeBox(from origin: Coordinate, centre: Double, halfWidth: Double, range: Double)
        -> BoundingBox
    {
        var points = [origin]
        let steps = max(2, Int(halfWidth / 5) * 2)
        for step in 0...steps {
            let bearing = centre - halfWidth + 2 * halfWidth * Double(step) / Double(steps)
            // Pad 2 % for the chord between samples and the spherical approximation.
            if let p = try? Spherical.destination(from: origin, bearing: bearing, distance: range * 1.02) {
                points.append(p)
            }
        }
        let box = InMemoryBuildingIndex.box(of: points)
        return box
    }

    private static func candidate(
        _ prism: BuildingScene.Prism, share: Double, entry: Double, tap: Bool, capture: CaptureMetadata,
        landmarks: LandmarkCatalog?, options: IdentifyOptions
    ) -> IdentificationCandidate {
        let building = prism.building
        let centroid =
            prism.ring.dropLast().reduce(SIMD2<Double>(0, 0), +) / Double(max(1, prism.ring.count - 1))
        let direction = ViewingDirection(
            enu: SIMD3(centroid.x, centroid.y, (building.height ?? 0) / 2 - capture.eyeHeightAboveGround))
        var details: [String: String] = ["height_source": building.heightSource.rawValue]
        if let height = building.height { details["height_m"] = String(format: "%.1f", height) }
        if let levels = building.levels { details["levels"] = String(levels) }
        if let kind = building.kind { details["type"] = kind }
        if let year = building.year { details["year"] = String(year) }
        let landmark = landmarks.flatMap {
            match($0, prism: prism, capture: capture, within: options.landmarkMatchDistance)
        }
        if let landmark {
            details["landmark_kind"] = landmark.kind
            details["landmark_source"] = landmark.source
        }
        // The building's own tag wins; a matched landmark fills it in when the building has none.
        if let wikidata = building.wikidataID ?? landmark?.wikidata {
            details["wikidata"] = wikidata
            details["wikidata_url"] = "https://www.wikidata.org/wiki/\(wikidata)"
        }
        let heightText =
            building.height.map { String(format: "%.0f m (%@)", $0, building.heightSource.rawValue) }
            ?? "unknown height, so the first footprint entered counts"
        let reason = String(
            format: "%.0f%% of rays hit it first%@; %@; enters %.0f m away",
            share * 100, tap ? ", the tap ray too" : "", heightText, entry)
        return IdentificationCandidate(
            kind: landmark == nil ? .building : .landmark, id: building.id.rawValue,
            name: landmark?.name ?? building.name,
            confidence: share, distance: entry, azimuth: direction.azimuth, elevation: direction.elevation,
            reason: reason,
            details: details)
    }

    /// The landmark inside the footprint, else the nearest within `within` metres of it.
    static func match(
        _ catalog: LandmarkCatalog, prism: BuildingScene.Prism, capture: CaptureMetadata, within: Double
    ) -> Landmark? {
        guard let first = prism.building.footprint.first else { return nil }
        let reach = prism.ring.map { ($0 - prism.ring[0]) }.map { ($0 * $0).sum().squareRoot() }.max() ?? 0
        let plane = LocalTangentPlane(origin: GeodeticPosition(capture.position.coordinate, height: 0))
        var best: (Landmark, Double)?
        for landmark in catalog.landmarks(near: first, radius: reach + within) {
            let v = plane.enu(from: GeodeticPosition(landmark.coordinate))
            let shifted = prism.ring.map { $0 - SIMD2(v.east, v.north) }
            let distance = BuildingScene.nearestDistance(shifted)
            if distance <= within, best == nil || distance < best!.1 { best = (landmark, distance) }
        }
        return best?.0
    }
}
