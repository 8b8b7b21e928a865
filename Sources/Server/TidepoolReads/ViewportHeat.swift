import AccountService
import GeoKit
import HeatAggregation
import ServerRepositories
import TidepoolEpochs
import TidepoolStorage

/// Heat for one viewer over a viewport, read from the live releases only (post-processing: the
/// same releases and viewer always give the same cells). `POST /v1/tiles/heat` and the PNG tile
/// route call it; the viewer's vector is the one sent, else the stored profile's, else none
/// (count-only heat).
public struct ViewportHeat: Sendable {
    /// One released cell with its bounds on the ground.
    public struct Tile: Sendable, Equatable {
        /// The cell as the heat reader answered it.
        public var cell: HeatCell
        /// The cell's bounds (the whole world when the tiler cannot bound it, which a cell it
        /// released never is).
        public var bounds: BoundingBox
    }

    /// What a read found.
    public struct Answer: Sendable {
        /// The cells with heat in the viewport.
        public var tiles: [Tile]
        /// The releases the read used (the privacy summary names their epochs).
        public var releases: [HeatRelease]
    }

    private let engine: TidepoolEngine
    private let profiles: ProfileService
    private let reader: HeatReader

    /// Creates the service over the engine's releases, the profiles and a heat reader.
    public init(engine: TidepoolEngine, profiles: ProfileService, reader: HeatReader) {
        self.engine = engine
        self.profiles = profiles
        self.reader = reader
    }

    /// The heat in `viewport` for a viewer.
    ///
    /// - Parameters:
    ///   - vector: The viewer's interest vector as sent; when empty and `deviceID` is given, the
    ///     device's stored profile vector (any model version) is used instead.
    ///   - deviceID: The authenticated device, nil for an anonymous read.
    ///   - limit: The most cells the read may cover before it refuses the viewport.
    /// - Throws: ``ViewportHeatError``: the vector is all zeros or not the codebook's length, the store failed, the releases could not be read, or the
    ///   viewport covers more than `limit` cells.
    public func read(
        viewport: BoundingBox, vector: [Float] = [], deviceID: String? = nil, limit: Int
    ) async throws(ViewportHeatError) -> Answer {
        if let problem = VectorValidation.problem(vector, dimension: reader.codebook?.dimension) {
            throw .invalidVector(problem)
        }
        var viewer = vector
        if viewer.isEmpty, let deviceID {
            do { viewer = try await profiles.profile(deviceID: deviceID)?.vector ?? [] } catch {
                throw .store(error)
            }
        }
        let releases: [HeatRelease]
        do { releases = try await engine.liveReleases() } catch { throw .releases(error) }
        let cells: [HeatCell]
        do {
            cells = try reader.heat(releases: releases, viewport: viewport, viewer: viewer, at: engine.now, limit: limit)
        } catch { throw .viewportTooLarge(String(describing: error)) }
        let tiler = engine.tiler
        let tiles = cells.map { Tile(cell: $0, bounds: (try? tiler.bounds(of: $0.tile)) ?? .world) }
        return Answer(tiles: tiles, releases: releases)
    }
}

/// Why a heat read failed.
public enum ViewportHeatError: Error, Sendable, CustomStringConvertible {
    /// The viewer's vector cannot be used (not the codebook's length, or all zeros); the reason.
    case invalidVector(String)
    /// The profile store failed.
    case store(ServerStoreError)
    /// The live releases could not be read.
    case releases(any Error)
    /// The viewport covers more cells than the read allows (the reader's message).
    case viewportTooLarge(String)

    /// One line.
    public var description: String {
        switch self {
        case .invalidVector(let reason): "vector \(reason)"
        case .store(let error): error.description
        case .releases(let error): "the live releases could not be read: \(error)"
        case .viewportTooLarge(let message): message
        }
    }
}
