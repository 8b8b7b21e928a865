import GeoKit
import LociLocalization
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
    /// The heat overlay's colours (the profile's high-contrast option, from the settings).
    public private(set) var palette = HeatPalette.standard
    /// Search and suggestions.
    public let search: SearchModel
    /// Background reporting (for the ring and the chip), when the app runs it.
    public let reporting: ReportingModel?

    @ObservationIgnored let client: any TidepoolPlacesAPI & TidepoolFavouritesAPI
    @ObservationIgnored let settings: any TidepoolSettingsStore
    @ObservationIgnored let interest: any InterestVectorSource
    @ObservationIgnored var vector: [Float]?
    /// The last heat answer and whether it was read with a vector (the legend is redrawn from it
    /// when the palette changes).
    @ObservationIgnored var lastHeat: (heat: TidepoolHeat, personalised: Bool)?

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

    /// Reads Home, the palette and the interest vector.
    public func load() async {
        let saved = try? await settings.load()
        initialCenter = saved?.home
        palette = saved?.heatPalette ?? .standard
        vector = await interest.vector()
    }

    /// Reads the saved settings again (the profile changed the heat palette): the overlay and the
    /// legend follow.
    public func reloadSettings() async {
        guard let saved = try? await settings.load() else { return }
        palette = saved.heatPalette
        if let lastHeat {
            legend = HeatLegend(heat: lastHeat.heat, personalised: lastHeat.personalised, palette: palette)
        }
    }

    /// The search's places, marked on the map (the list's rows, also once the list is closed);
    /// none before the first answer.
    public var markers: [SearchRow] { search.answered == nil ? [] : search.rows }

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
            problem = TidepoolCopy.zoomIn()
            return
        } catch {
            problem = error.description
            return
        }
        guard self.viewport == viewport else { return }
        tiles = heat.tiles.map(MapHeatTile.init)
        lastHeat = (heat, vector != nil)
        legend = HeatLegend(heat: heat, personalised: vector != nil, palette: palette)
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

    /// The user tapped the map at `coordinate`: opens the details sheet of the nearest named place
    /// within `radius` metres (the view passes what a fingertip covers at the current zoom), or
    /// says there is none. The places come from the suggestions read around the tap.
    public func openPlace(near coordinate: Coordinate, within radius: Double) async {
        let reach = min(max(radius, 10), 2_000)
        let answer: TidepoolSearchResults
        do throws(TidepoolClientError) {
            answer = try await client.suggestions(
                latitude: coordinate.latitude, longitude: coordinate.longitude, radius: reach, limit: 50)
        } catch {
            problem = error.description
            return
        }
        let nearest = answer.results.map { SearchRow($0) }
            .map { (row: $0, metres: Haversine.distance(coordinate, $0.coordinate)) }
            .filter { $0.metres <= reach }
            .min { $0.metres < $1.metres }
        guard let nearest else {
            problem = TidepoolCopy.noPlace(within: reach.rounded())
            return
        }
        problem = nil
        await open(placeID: nearest.row.id)
    }

    /// The heat where `coordinate` is, in words ("busy, about 12 people, very like you"), from
    /// the released tiles in view (the finest level containing it); nil where nothing shows heat.
    /// A place's row and its sheet show it, so heat is read in words, not only as a colour.
    public func heatDescription(at coordinate: Coordinate, in language: AppLanguage = .current) -> String? {
        let containing = tiles.filter {
            $0.south <= coordinate.latitude && coordinate.latitude < $0.north && $0.west <= coordinate.longitude
                && coordinate.longitude < $0.east
        }
        return containing.min { $0.level < $1.level }.map { TidepoolCopy.tile($0, in: language) }
    }

    /// Closes the details sheet.
    public func closeDetail() {
        detail = nil
    }
}
