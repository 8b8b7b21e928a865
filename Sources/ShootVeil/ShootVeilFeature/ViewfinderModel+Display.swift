import IdentifyKit

extension IdentificationPhase {
    /// Where to draw the tap marker, `nil` when there is none.
    public var marker: PlanePoint? {
        switch self {
        case .idle, .paywall: nil
        case .identifying(let marker), .notPossible(let marker, _), .failed(let marker, _): marker
        case .results(let result): result.marker
        }
    }

    /// The candidates sheet's content, when there is one.
    public var result: IdentificationResult? {
        if case .results(let result) = self { result } else { nil }
    }

    /// Whether a tap is being identified (the spinner).
    public var isWorking: Bool {
        if case .identifying = self { true } else { false }
    }
}

extension ViewfinderModel {
    /// The status line over the viewfinder: why a tap would not identify, or why the last tap
    /// failed; `nil` when all is well.
    public var statusLine: String? {
        if case .failed(_, let reason) = phase { return reason }
        if case .blocked(let blocker) = state.readiness { return ShootVeilCopy.blocker(blocker) }
        return nil
    }

    /// The calibration prompt's line, `nil` when the compass is good enough.
    public var calibrationLine: String? { state.calibration.map(ShootVeilCopy.calibration) }

    /// The allowance line under the shutter area.
    public var allowanceLine: String {
        ShootVeilCopy.allowance(freeRemaining: paywall.freeRemaining, entitlement: paywall.entitlement)
    }
}

extension CandidateCard {
    /// "62 % · 240 m · NE 42°, 12° up".
    public var summaryLine: String {
        [
            ShootVeilCopy.confidence(confidence), ShootVeilCopy.distance(distance),
            ShootVeilCopy.direction(azimuth: azimuth, elevation: elevation),
        ].joined(separator: " · ")
    }

    /// The details sheet's rows as (label, value) pairs, only those known, in reading order.
    public var detailRows: [(label: String, value: String)] {
        var rows: [(String, String)] = []
        if let height = details.height {
            rows.append(("Height", "\(Int(height.rounded())) m" + (details.heightSource.map { " (\($0))" } ?? "")))
        }
        if let levels = details.levels { rows.append(("Storeys", "\(levels)")) }
        if let year = details.year { rows.append(("Built", "\(year)")) }
        if let type = details.type { rows.append(("Type", type)) }
        if let flight = details.flight {
            if let callsign = flight.callsign { rows.append(("Flight", callsign)) }
            if let registration = flight.registration { rows.append(("Registration", registration)) }
            if let altitude = flight.altitude { rows.append(("Altitude", "\(Int((altitude / 0.3048).rounded())) ft")) }
            if let speed = flight.groundSpeed { rows.append(("Ground speed", "\(Int((speed / 0.514_444).rounded())) kt")) }
            if let origin = flight.origin { rows.append(("From", origin)) }
            if let destination = flight.destination { rows.append(("To", destination)) }
            if let airport = flight.nearestAirport { rows.append(("Nearest airport", airport)) }
        }
        rows.append(("Why", reason))
        return rows
    }
}
