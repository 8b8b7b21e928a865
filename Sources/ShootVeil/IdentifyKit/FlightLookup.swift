/// Where a chosen aircraft's flight is looked up by its callsign (FlightAware AeroAPI through
/// the `AeroAPI` module; a stub in tests). Never used to find aircraft: positions come from ADS-B.
public protocol FlightLookup: Sendable {
    /// The most recent flight for `ident` (a callsign such as `DAL1812`), or `nil` when the
    /// service knows none.
    /// - Throws: the service's error, whose description says what failed (shown to the user; the
    ///   offline answer stands).
    func flight(ident: String) async throws -> FlightDetails?
}

/// What a flight service says about a flight.
public struct FlightDetails: Sendable, Hashable, Codable {
    /// The ident asked for (callsign or registration).
    public var ident: String
    /// ICAO aircraft type (`B739`).
    public var aircraftType: String?
    /// Registration (`N899DN`).
    public var registration: String?
    /// Origin airport code (ICAO) and name.
    public var origin: String?
    /// Destination airport code (ICAO) and name.
    public var destination: String?
    /// Operator ICAO code.
    public var operatorCode: String?

    /// Creates flight details.
    public init(
        ident: String, aircraftType: String? = nil, registration: String? = nil, origin: String? = nil,
        destination: String? = nil, operatorCode: String? = nil
    ) {
        self.ident = ident
        self.aircraftType = aircraftType
        self.registration = registration
        self.origin = origin
        self.destination = destination
        self.operatorCode = operatorCode
    }
}
