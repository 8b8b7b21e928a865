import IdentifyKit

/// Where an identification's aircraft came from (`aircraft` in an identification): `source` is
/// `request`, `feed`, `none` or `failed`; `feed` names the configured feed; `count` is the
/// aircraft searched; `note` says why aircraft were left out. Members that are nil are not written.
public struct WireAircraftSource: Sendable, Equatable, Codable {
    /// `request`, `feed`, `none` or `failed`.
    public var source: AircraftSourceReport.Source
    /// The feed's name (`readsb http://…`, `OpenSky`).
    public var feed: String?
    /// Aircraft searched.
    public var count: Int?
    /// Why aircraft were left out.
    public var note: String?

    /// The wire form of `report`.
    public init(_ report: AircraftSourceReport) {
        source = report.source
        feed = report.feed
        count = report.count
        note = report.note
    }
}
