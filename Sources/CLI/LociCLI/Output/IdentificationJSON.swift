import LociWire

/// `loci identify --json`: the server's ``LociWire/WireIdentification`` (tap direction, ranked
/// ``LociWire/WireCandidate``s, the aircraft source as the server writes it) with the members
/// only the CLI adds, `buildings_source`, `aircraft_count` and `quota_remaining`, always present
/// (`null` when the run had no place source, no aircraft snapshot or no quota).
enum IdentificationJSON {
    /// The answer to print.
    static func answer(_ identification: WireIdentification) -> NullMembers<WireIdentification> {
        NullMembers(
            identification,
            nullWhen: [
                "buildings_source": identification.buildingsSource == nil,
                "aircraft_count": identification.aircraftCount == nil,
                "quota_remaining": identification.quotaRemaining == nil,
            ])
    }
}
