import Foundation
import IdentifyKit
import PlaceKit
import PlaceStore

/// ShootVeil's identification as one call: buildings and landmarks from a place store, landmarks
/// from a catalog, aircraft (given with the request, else from a live feed) with their nearest
/// airport, the monthly quota and the flight lookup. The CLI's `loci identify` and the server's
/// `POST /v1/identify` both call it; they differ only in the sources they configure.
public struct IdentificationService: Sendable {
    /// Buildings (and, with ``landmarksFromPlaces``, landmarks); `nil`: aircraft only.
    public var places: SQLitePlaceStore?
    /// Whether places near the capture that are landmarks (OSM tourism, heritage…) are attached
    /// to footprints (the CLI does; the server's route answers from buildings alone).
    public var landmarksFromPlaces: Bool
    /// Landmarks from elsewhere (the Wikidata CSV).
    public var landmarks: [Landmark]
    /// Airports: each aircraft candidate names the nearest one (`nil`: none).
    public var airports: [Airport]?
    /// Counts identifications per month (`nil`: unlimited).
    public var quota: (any IdentificationQuota & Sendable)?
    /// Looks up the best aircraft's flight (`nil`: no lookup).
    public var flights: (any FlightLookup)?
    /// Live aircraft for requests that bring no snapshot (`nil`: aircraft are left out and the
    /// answer says so). Wrap it in a ``CachedAircraftFeed`` so taps share a fetch.
    public var aircraftFeed: (any AircraftFeedSource)?
    /// Tuning.
    public var options: IdentifyOptions

    /// A service over these sources.
    public init(
        places: SQLitePlaceStore?, landmarksFromPlaces: Bool = false, landmarks: [Landmark] = [],
        airports: [Airport]? = nil, quota: (any IdentificationQuota & Sendable)? = nil,
        flights: (any FlightLookup)? = nil, options: IdentifyOptions = IdentifyOptions(),
        aircraftFeed: (any AircraftFeedSource)? = nil
    ) {
        self.places = places
        self.landmarksFromPlaces = landmarksFromPlaces
        self.landmarks = landmarks
        self.airports = airports
        self.quota = quota
        self.flights = flights
        self.options = options
        self.aircraftFeed = aircraftFeed
    }

    /// The aircraft for `request`: its own snapshot when it brings one; else the feed's snapshot
    /// of the area around the capture; else none, with the reason. Never throws: a feed that
    /// times out, fails or answers garbage (or whose snapshot is more than
    /// ``IdentifyOptions/maximumFeedSkew`` from the capture time) becomes a `failed` report, and
    /// the identification goes on with buildings and landmarks.
    public func aircraft(for request: IdentifyRequest) async -> AircraftLookup {
        guard request.aircraft == nil, let aircraftFeed else { return Self.offline(request, feed: nil) }
        let area = AircraftFeedArea(around: request.capture.position.coordinate, radius: options.aircraftFeedRadius)
        let snapshot: AircraftSnapshot
        do { snapshot = try await aircraftFeed.snapshot(in: area) } catch {
            return AircraftLookup(
                snapshot: nil,
                report: AircraftSourceReport(
                    source: .failed, feed: aircraftFeed.name,
                    note: "the aircraft feed failed (\(error)): aircraft left out"))
        }
        if let time = request.capture.time?.timeIntervalSince1970,
            abs(time - snapshot.time) > options.maximumFeedSkew
        {
            let seconds = Int(abs(time - snapshot.time).rounded())
            return AircraftLookup(
                snapshot: nil,
                report: AircraftSourceReport(
                    source: .failed, feed: aircraftFeed.name,
                    note:
                        "the feed's snapshot is \(seconds) s from the capture time (at most \(Int(options.maximumFeedSkew)) s): a live feed cannot place aircraft at another moment, aircraft left out"
                ))
        }
        return AircraftLookup(
            snapshot: snapshot,
            report: AircraftSourceReport(source: .feed, feed: aircraftFeed.name, count: snapshot.aircraft.count))
    }

    /// Identifies the tap without the flight lookup: synchronous and blocking (SQLite reads and
    /// the ray cast), so a server runs it off its event loop.
    ///
    /// The quota is counted only after the tap has been checked, so a bad input costs nothing.
    /// - Parameters:
    ///   - now: The instant the quota counts against.
    ///   - aircraft: What ``aircraft(for:)`` found (the feed is asynchronous, so it is asked
    ///     first); `nil`: the request's own snapshot, else none with the reason.
    public func identify(_ request: IdentifyRequest, now: Date, aircraft: AircraftLookup? = nil)
        throws(IdentifyServiceError) -> Identification
    {
        let aircraft = aircraft ?? Self.offline(request, feed: aircraftFeed)
        let direction: ViewingDirection
        do { direction = try request.capture.direction(tapX: request.tapX, y: request.tapY) } catch {
            throw .identify(error)
        }
        var catalog: [Landmark] = []
        if let places, landmarksFromPlaces {
            do {
                let near = try places.places(
                    near: request.capture.position.coordinate, radius: options.maximumRange, limit: 10_000)
                catalog += LandmarkCatalog.osmLandmarks(near.map(\.place))
            } catch { throw .places(error) }
        }
        catalog += landmarks
        var remaining: Int?
        if let quota {
            let outcome: QuotaOutcome
            do { outcome = try quota.consume(at: now) } catch { throw .quota(error) }
            switch outcome {
            case .allowed(let left): remaining = left
            case .limitReached(let limit, let resetsAt): throw .quotaReached(limit: limit, resetsAt: resetsAt)
            }
        }
        let identifier = Identifier(
            buildings: places.map(PlaceStoreBuildingSource.init),
            landmarks: catalog.isEmpty ? nil : LandmarkCatalog(catalog),
            airports: airports, options: options)
        do {
            let candidates = try identifier.identify(
                request.capture, tapX: request.tapX, y: request.tapY, aircraft: aircraft.snapshot)
            return Identification(
                direction: direction, candidates: candidates, quotaRemaining: remaining, aircraft: aircraft.report)
        } catch { throw .identify(error) }
    }

    /// The aircraft of a request identified without asking the feed: its own, else none.
    static func offline(_ request: IdentifyRequest, feed: (any AircraftFeedSource)?) -> AircraftLookup {
        if let given = request.aircraft {
            return AircraftLookup(
                snapshot: given, report: AircraftSourceReport(source: .request, count: given.aircraft.count))
        }
        guard let feed else { return AircraftLookup(snapshot: nil, report: .noFeed) }
        return AircraftLookup(
            snapshot: nil,
            report: AircraftSourceReport(
                source: .none, feed: feed.name,
                note: "the aircraft feed was not asked (only the asynchronous identification asks it): aircraft left out"))
    }

    /// Identifies the tap with the aircraft of ``aircraft(for:)``, then looks up the best aircraft's flight by its callsign and adds
    /// what the lookup knows (`aeroapi_type`, `aeroapi_origin`, `aeroapi_destination`,
    /// `aeroapi_registration`) to that candidate's details. A failed lookup leaves the answer as
    /// it was and is named in ``Identification/enrichmentFailure``.
    public func identifyAndEnrich(_ request: IdentifyRequest, now: Date) async throws(IdentifyServiceError)
        -> Identification
    {
        var identification = try identify(request, now: now, aircraft: await aircraft(for: request))
        guard let flights, let index = identification.candidates.firstIndex(where: { $0.kind == .aircraft }),
            let ident = identification.candidates[index].details["callsign"]
        else { return identification }
        do {
            guard let flight = try await flights.flight(ident: ident) else { return identification }
            let extra: [String: String?] = [
                "aeroapi_type": flight.aircraftType, "aeroapi_origin": flight.origin,
                "aeroapi_destination": flight.destination, "aeroapi_registration": flight.registration,
            ]
            for (key, value) in extra {
                if let value { identification.candidates[index].details[key] = value }
            }
        } catch {
            identification.enrichmentFailure = "\(error)"
        }
        return identification
    }
}
