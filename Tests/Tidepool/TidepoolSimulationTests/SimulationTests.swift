import Foundation
import GeoKit
import LociTestSupport
import PlaceKit
import PlaceStore
import Testing
import TidepoolSimulation

@Suite("The simulator drives the whole pipeline over a place store")
struct SimulationTests {
    /// A store with 60 evening venues, 50 offices and 10 schools in a 2 km square of Helsinki.
    static func store(in folder: URL) throws -> SQLitePlaceStore {
        let path = folder.appendingPathComponent("places.sqlite").path
        let writer = try PlaceStoreWriter(path: path)
        var rng = SeededGenerator(seed: 5)
        var places: [Place] = []
        let kinds =
            Array(repeating: "bar", count: 20) + Array(repeating: "cafe", count: 20)
            + Array(repeating: "restaurant", count: 20) + Array(repeating: "office", count: 50)
            + Array(repeating: "school", count: 10)
        for (index, category) in kinds.enumerated() {
            places.append(
                Place(
                    id: PlaceID(osm: .node, id: Int64(index + 1)), name: "\(category) \(index)",
                    category: category,
                    coordinate: Coordinate(
                        uncheckedLatitude: Double.random(in: 60.16...60.178, using: &rng),
                        longitude: Double.random(in: 24.92...24.956, using: &rng))))
        }
        try writer.insert(places)
        try writer.finish()
        return try SQLitePlaceStore(path: path)
    }

    @Test("busy tiles are shown, nothing below k_min is, and heat follows interests")
    func endToEnd() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidepool-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var options = SimulationOptions()
        options.users = 3_000
        options.epochs = 3
        options.startHour = 19.5
        options.dimension = 16
        options.topics = 6
        options.tokenReports = 25
        options.viewers = 40
        // ε = 8 a day over K = 8 (σ ≈ 2.4, τ = 13): small enough noise for 3 000 people to show.
        options.epsilon = 8
        let report = try await TidepoolSimulator.run(store: try Self.store(in: folder), options: options) { _ in }
        #expect(report.reports > 1_000)
        #expect(report.rsaTokenReports == 75)
        #expect(report.suppressedTiles >= 10)
        // A tile with ≥ 50 people is never missed: the noise would have to be below −35.
        let fifty = try #require(report.busy.first { $0.threshold == 50 })
        #expect(fifty.busyTiles > 0)
        #expect(fifty.coveredAtAnyLevel == 1)
        // τ = 13: a tile below k_min = 5 needs noise ≥ 8 ≈ 3.4σ to show.
        #expect(report.accuracy.allSatisfy { $0.releasedBelowKMin == 0 })
        #expect(report.accuracy[0].released > 0)
        // σ ≈ 2.4 at the base: |Z| has mean ≈ 0.8σ ≈ 1.9.
        #expect(report.accuracy[0].meanAbsoluteError < 3.5)
        // 6 facets (the topics) with σ ≈ 2.9 per cell: heat follows interests.
        #expect(report.similarity.noisyVersusTrueCosine > 0.2)
        #expect(report.similarity.meanIntensityTopQuartile > report.similarity.meanIntensityBottomQuartile)
        #expect(report.privacy.dayEpsilon <= 8 && report.privacy.dayEpsilon > 7.9)
        #expect(report.privacy.facetCount == 6)
    }

    @Test("bad options are refused before anything runs")
    func badOptions() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidepool-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder)
        var options = SimulationOptions()
        options.users = 0
        await #expect(throws: SimulationError.self) {
            try await TidepoolSimulator.run(store: store, options: options) { _ in }
        }
        options.users = 10
        options.epsilon = -1
        await #expect(throws: SimulationError.self) {
            try await TidepoolSimulator.run(store: store, options: options) { _ in }
        }
    }

    @Test("--parent-share gives each coarser level its share of ρ and keeps the day within ε; 0.5 is refused")
    func parentLevels() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "tidepool-sim-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try Self.store(in: folder)
        var options = SimulationOptions()
        options.users = 200
        options.epochs = 2
        options.epochMinutes = 60
        options.publicDomain = true
        options.tokenReports = 0
        options.viewers = 10
        options.parentShare = 0.15
        let report = try await TidepoolSimulator.run(store: store, options: options) { _ in }
        let levels = report.privacy.levels
        #expect(levels.map(\.enabled) == [true, true, true])
        // Published ρs are those of σ² rounded up to a rational over 1024: within 0.1 % of the plan.
        let epochRho = report.privacy.epochRho
        #expect(abs(levels[1].countRho / (0.15 * epochRho) - 1) < 1e-3)
        #expect(abs(levels[2].countRho / (0.15 * epochRho) - 1) < 1e-3)
        #expect(abs(levels[0].countRho / (0.6 * 0.7 * epochRho) - 1) < 1e-3)
        #expect(levels[1].facetRho == 0 && levels[2].facetRho == 0)
        #expect(report.privacy.dayEpsilon <= 2)
        options.parentShare = 0.5
        await #expect(throws: SimulationError.self) {
            try await TidepoolSimulator.run(store: store, options: options) { _ in }
        }
    }
}
