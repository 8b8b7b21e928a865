import GeoKit
import Observation
import TidepoolClient
import TidepoolKit

/// The map tab: the heat overlay's tile template, the heat in view weighted by the user's
/// interests, the legend, the user's own ring and reporting chip, search, the details sheet,
/// and what to suggest when nothing in view has heat yet.
///
/// The overlay's raster tiles (``heatTileURLTemplate``) are the server's count-only picture;
/// ``tiles`` are the same releases read with the user's interest vector, so each carries the
/// similarity the outline shows. Call ``load()`` once, then ``show(_:)`` whenever the map
/// stops moving.
@MainActor @Observable
public final class TidepoolMapModel {
    /// The XYZ template of the heat overlay (`{z}`, `{x}`, `{y}`).
    public let heatTileURLTemplate: String
    /// Where the map opens: Home when set (it stays on the phone), else nil (the app's default).
    public private(set) var initialCenter: Coordinate?
    /// The viewport last shown.
    public private(set) var viewport: MapViewport?
    /// The released tiles in view, with similarity.
    public private(set) var tiles: [MapHeatTile] = []
    /// What the colours mean, from the last heat answer.
    public private(set) var legend: HeatLegend?
    /// What to explore when nothing in view has heat (nil while something does).
    public private(set) var emptyState: MapEmptyState?
    /// The last failure, in words ("zoom in", offline).
    public private(set) var problem: String?
    /// The open details sheet.
    public private(set) var detail: PlaceDetailModel?
    /// Search and suggestions.
    public let search: SearchModel
    /// Background reporting (for the ring and the chip), when the app runs it.
    public let reporting: ReportingModel?

    @ObservationIgnored let client: any TidepoolPlacesAPI & TidepoolFavouritesAPI
    @ObservationIgnored let settings: any TidepoolSettingsStore
    @ObservationIgnored let interest: any InterestVectorSource
    @ObservationIgnored var vector: [Float]?

    /// A map over `client`.
    /// - Parameters:
    ///   - settings: read for Home (where the map opens).
    ///   - interest: the user's interest vector, sent with heat reads so similarity shows.
    ///   - reporting: the reporting model whose ring and state the map shows.
    ///   - clock: the search's debounce clock.
    public init(
        client: any TidepoolPlacesAPI & TidepoolFavouritesAPI, settings: any TidepoolSettingsStore,
        interest: any InterestVectorSource,
        reporting: ReportingModel? = nil, clock: any TidepoolClock = SystemTidepoolClock(), searchDelay: Double = 0.3
    ) {
        self.client = client
        self.settings = settings
        self.interest = interest
        self.reporting = reporting
        heatTileURLTemplate = client.heatTileURLTemplate
        search = SearchModel(client: client, clock: clock, delay: searchDelay)
    }

    /// The user's own ring, while away from Home.
    public var ring: OwnPresenceRing? { reporting?.ring }

    /// The reporting chip's status (nil when the app does not report).
    public var reportingStatus: ReportingStatus? { reporting?.status }

    /// Reads Home and the interest vector.
    public func load() async {
        initialCenter = try? await settings.load().home
        vector = await interest.vector()
    }

    /// Reads the interest vector again (after the profile changed).
    public func reloadInterest() async {
        vector = await interest.vector()
        if let viewport { await show(viewport) }
    }

    /// The map stopped on `viewport`: reads its heat (with the interest vector), the legend,
    /// and when nothing has heat, suggestions to explore.
    public func show(_ viewport: MapViewport) async {
        self.viewport = viewport
        search.center = viewport.center
        let heat: TidepoolHeat
        do throws(TidepoolClientError) {
            heat = try await client.heat(
                south: viewport.south, west: viewport.west, north: viewport.north, east: viewport.east,
                vector: vector.map { $0.map { Double($0) } })
        } catch .viewportTooLarge {
            tiles = []
            problem = "Zoom in to see heat."
            return
        } catch {
            problem = error.description
            return
        }
        guard self.viewport == viewport else { return }
        tiles = heat.tiles.map(MapHeatTile.init)
        legend = HeatLegend(heat: heat, personalised: vector != nil)
        problem = nil
        if tiles.isEmpty {
            emptyState = await MapEmptyState.suggesting(around: viewport, heat: heat, client: client)
        } else {
            emptyState = nil
        }
    }

    /// Opens the details sheet of `placeID` (a search row, a suggestion, a tapped place).
    public func open(placeID: String) async {
        let model = PlaceDetailModel(placeID: placeID, client: client)
        detail = model
        await model.load()
    }

    /// Closes the details sheet.
    public func closeDetail() {
        detail = nil
    }
}
