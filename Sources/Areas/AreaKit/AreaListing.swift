import Foundation

/// The answer of `GET /v1/areas`: the areas a server offers, nearest first when asked `near`.
public struct AreaListing: Sendable, Hashable, Codable {
    /// The areas, by name, or by distance (then name) from the `near` point.
    public var areas: [AreaOffer]

    /// A listing of `areas`.
    public init(areas: [AreaOffer]) { self.areas = areas }

    /// The listing of `manifests`: by name, or, `near` a point, nearest first (then by name) with
    /// each one's distance.
    public init(areas manifests: [AreaManifest], near: (latitude: Double, longitude: Double)?) {
        var offers = manifests.map { manifest in
            AreaOffer(
                manifest,
                distanceM: near.map { manifest.bounds.distanceMetres(latitude: $0.latitude, longitude: $0.longitude) })
        }
        if near != nil {
            offers.sort { ($0.distanceM ?? 0, $0.name) < ($1.distanceM ?? 0, $1.name) }
        } else {
            offers.sort { $0.name < $1.name }
        }
        self.init(areas: offers)
    }

    /// The listing as JSON (``AreaJSON``).
    public func json() throws -> Data { try AreaJSON.encoder().encode(self) }

    /// Reads a listing; members it does not know are ignored (a newer server may add some).
    /// - Throws: `DecodingError` when the data is not a listing.
    public static func decode(_ data: Data) throws -> AreaListing { try AreaJSON.decoder().decode(AreaListing.self, from: data) }
}

/// One area of ``AreaListing``: its manifest's members and, when the list was asked `near` a
/// point, the distance from it.
public struct AreaOffer: Sendable, Hashable, Codable {
    /// The area's name; the download path is `/v1/areas/{name}/{kind}`.
    public var name: String
    /// The area the files cover.
    public var bounds: AreaBounds
    /// When the area was built.
    public var builtAt: Date
    /// Metres from the `near` point to the nearest point of ``bounds`` (0 inside); nil without `near`.
    public var distanceM: Double?
    /// Each kind's file: size, SHA-256, format version, build time.
    public var files: [AreaFile]

    /// An offer from its parts.
    public init(name: String, bounds: AreaBounds, builtAt: Date, distanceM: Double? = nil, files: [AreaFile]) {
        self.name = name
        self.bounds = bounds
        self.builtAt = builtAt
        self.distanceM = distanceM
        self.files = files
    }

    /// The offer of `manifest`, `distance` metres from the point asked about.
    public init(_ manifest: AreaManifest, distanceM: Double? = nil) {
        self.init(name: manifest.name, bounds: manifest.bounds, builtAt: manifest.builtAt, distanceM: distanceM, files: manifest.files)
    }

    /// The entry for `kind`, if offered.
    public func file(_ kind: AreaKind) -> AreaFile? { files.first { $0.kind == kind } }
}
