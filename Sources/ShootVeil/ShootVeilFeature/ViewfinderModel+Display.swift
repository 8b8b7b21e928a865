import IdentifyKit
import LociLocalization

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
        guard case .blocked(let blocker) = state.readiness else { return nil }
        // A camera that is refused or broken is said once, by its failure notice with the fix.
        if blocker == .cameraNotRunning, failures.contains(where: \.keepsCameraOff) {
            return nil
        }
        return ShootVeilCopy.blocker(blocker, in: language)
    }

    /// What the status line offers: Open Settings when location is refused, else nothing.
    public var statusFix: FailureFix? {
        if case .failed = phase { return nil }
        return state.readiness == .blocked(.locationDenied) ? .openSettings : nil
    }

    /// The calibration prompt's line, `nil` when the compass is good enough.
    public var calibrationLine: String? { state.calibration.map { ShootVeilCopy.calibration($0, in: language) } }

    /// The calibration notice: the prompt's line and what to do ("Compass ±35°, needs ±20°. The
    /// compass is off. Move the phone…"), `nil` when the compass is good enough.
    public var calibrationNotice: String? {
        calibrationLine.map {
            Localizer(.shootVeil, language)("%1$@. %2$@", $0, ShootVeilCopy.calibrationAdvice(in: language))
        }
    }

    /// The allowance line under the shutter area.
    public var allowanceLine: String {
        ShootVeilCopy.allowance(freeRemaining: paywall.freeRemaining, entitlement: paywall.entitlement, in: language)
    }

    /// The chip over the shutter row ("Aircraft: live"), `nil` before a server was asked.
    public var aircraftChip: String? { aircraftStatus.chip(in: language) }

    /// The language the model speaks (the environment's).
    var language: AppLanguage { environment.language }
}

extension CandidateCard {
    /// How sure the engine is, in words and a shape as well as a number.
    public var confidenceLevel: ConfidenceLevel { ConfidenceLevel(confidence) }

    /// "62% · 240 m · NE 42°, 12° up" in the person's language.
    public var summaryLine: String { summaryLine(in: .current) }

    /// "62% · 240 m · NE 42°, 12° up" in `language`.
    public func summaryLine(in language: AppLanguage) -> String {
        [
            ShootVeilCopy.confidence(confidence, in: language), ShootVeilCopy.distance(distance, in: language),
            ShootVeilCopy.direction(azimuth: azimuth, elevation: elevation, in: language),
        ].joined(separator: " · ")
    }

    /// What VoiceOver reads for the candidate: its name, kind, distance, confidence in words and
    /// as a percentage ("Flatiron Building, landmark, 240 m away, high confidence, 62%").
    public func spokenSummary(in language: AppLanguage = .current) -> String {
        Localizer(.shootVeil, language)(
            "%1$@, %2$@, %3$@ away, %4$@, %5$@", title, ShootVeilCopy.kind(kind, in: language),
            ShootVeilCopy.distance(distance, in: language), ShootVeilCopy.confidenceLevel(confidenceLevel, in: language),
            ShootVeilCopy.confidence(confidence, in: language))
    }

    /// The details sheet's rows as (label, value) pairs, only those known, in reading order, in
    /// the person's language.
    public var detailRows: [(label: String, value: String)] { detailRows(in: .current) }

    /// The details sheet's rows in `language`. The "Why" row is the engine's own sentence.
    public func detailRows(in language: AppLanguage) -> [(label: String, value: String)] {
        let t = Localizer(.shootVeil, language)
        var rows: [(String, String)] = []
        if let height = details.height {
            let metres = t("%@ m", t.number(Int(height.rounded())))
            let source = details.heightSource.map { Self.heightSource($0, t) }
            rows.append((t("Height"), source.map { t("%1$@ (%2$@)", metres, $0) } ?? metres))
        }
        if let levels = details.levels { rows.append((t("Storeys"), t.number(levels))) }
        // A year is a name for a time, not a quantity: no grouping separator in any language.
        if let year = details.year { rows.append((t("Built"), String(year))) }
        if let type = details.type { rows.append((t("Type"), type)) }
        if let flight = details.flight {
            if let callsign = flight.callsign { rows.append((t("Flight"), callsign)) }
            if let registration = flight.registration { rows.append((t("Registration"), registration)) }
            if let altitude = flight.altitude {
                rows.append((t("Altitude"), t("%@ ft", t.number(Int((altitude / 0.3048).rounded())))))
            }
            if let speed = flight.groundSpeed {
                rows.append((t("Ground speed"), t("%@ kt", t.number(Int((speed / 0.514_444).rounded())))))
            }
            if let origin = flight.origin { rows.append((t("From"), origin)) }
            if let destination = flight.destination { rows.append((t("To"), destination)) }
            if let airport = flight.nearestAirport { rows.append((t("Nearest airport"), airport)) }
        }
        rows.append((t("Why"), reason))
        return rows
    }

    /// Where a height came from, in words (the engine's `heightTag`, `levels`, `unknown`).
    private static func heightSource(_ source: String, _ t: Localizer) -> String {
        switch source {
        case "heightTag": t("from its height tag")
        case "levels": t("estimated from its storeys")
        case "unknown": t("unknown")
        default: source
        }
    }
}
