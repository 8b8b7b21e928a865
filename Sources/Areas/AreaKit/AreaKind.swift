/// The files an area is offered as: what `GET /v1/areas/{area}/{kind}` names and where each is kept.
public enum AreaKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// ShootVeil's offline identify pack (`loci pack build`).
    case identifyPack = "identify_pack"
    /// The place store (`loci import`): offline search for Proximity and And Away.
    case places

    /// The file's name inside an area's folder (`area.pack`, `places.sqlite`).
    public var fileName: String {
        switch self {
        case .identifyPack: "area.pack"
        case .places: "places.sqlite"
        }
    }
}
