import Foundation
import GeoKit
import IdentifyHistory
import IdentifyKit
import LociLocalization
import ShootVeilFeature
import Testing

/// ShootVeil's words in English and Finnish, each function in both languages, from the module's
/// own catalog (the same code path the phone takes).
@Suite("ShootVeil's copy in English and Finnish")
struct ShootVeilCopyTests {
    static let nbsp = "\u{00A0}"

    @Test("the module's catalog loads")
    func catalogLoads() {
        #expect(ShootVeilCopy.catalogFailure == nil)
    }

    @Test("blockers say why and what to do, with the distance through the formatter")
    func blockers() {
        #expect(
            ShootVeilCopy.blocker(.locationTooCoarse(accuracy: 1_240), in: .english)
                == "Your location is only good to 1.2 km. Step into the open and wait a moment.")
        #expect(
            ShootVeilCopy.blocker(.locationTooCoarse(accuracy: 1_240), in: .finnish)
                == "Sijaintisi tarkkuus on vain 1,2 km. Siirry aukealle paikalle ja odota hetki.")
        #expect(
            ShootVeilCopy.blocker(.locationDenied, in: .finnish)
                == "ShootVeil tarvitsee sijaintisi tietääkseen, mitä edessäsi on. Salli sijainti Asetuksissa.")
        #expect(ShootVeilCopy.blocker(.waitingForHeading, in: .english) == "Reading the compass…")
        #expect(ShootVeilCopy.blocker(.cameraNotRunning, in: .finnish) == "Käynnistetään kameraa…")
        #expect(
            ShootVeilCopy.blocker(.compassNeedsCalibration(accuracy: 30), in: .finnish)
                == ShootVeilCopy.calibrationAdvice(in: .finnish))
        #expect(ShootVeilCopy.calibrationAdvice(in: .english).hasPrefix("The compass is off."))
        #expect(ShootVeilCopy.calibrationAdvice(in: .finnish).hasPrefix("Kompassi näyttää väärin."))
    }

    @Test("every blocker has its own sentence in both languages")
    func everyBlocker() {
        let blockers: [ViewfinderBlocker] = [
            .attitudeUnavailable, .locationDenied, .waitingForLocation, .locationTooCoarse(accuracy: 80),
            .waitingForHeading, .compassNeedsCalibration(accuracy: nil), .waitingForAttitude, .cameraNotRunning,
        ]
        for language in AppLanguage.supported {
            let lines = blockers.map { ShootVeilCopy.blocker($0, in: language) }
            #expect(Set(lines).count == blockers.count, "\(language): \(lines)")
        }
        let english = blockers.map { ShootVeilCopy.blocker($0, in: .english) }
        let finnish = blockers.map { ShootVeilCopy.blocker($0, in: .finnish) }
        #expect(zip(english, finnish).allSatisfy { $0 != $1 }, "every Finnish line is translated")
    }

    @Test("the calibration line and the allowance, with plural forms")
    func calibrationAndAllowance() {
        let prompt = CalibrationPrompt(accuracy: 35.4, threshold: 20)
        #expect(ShootVeilCopy.calibration(prompt, in: .english) == "Compass ±35°, needs ±20°")
        #expect(ShootVeilCopy.calibration(prompt, in: .finnish) == "Kompassi ±35°, tarvitaan ±20°")
        let invalid = CalibrationPrompt(accuracy: nil, threshold: 20)
        #expect(ShootVeilCopy.calibration(invalid, in: .english) == "Compass not ready; needs ±20°")
        #expect(ShootVeilCopy.calibration(invalid, in: .finnish) == "Kompassi ei ole valmis; tarvitaan ±20°")
        #expect(
            ShootVeilCopy.allowance(freeRemaining: 1, entitlement: .free, in: .english)
                == "1 free identification left this month")
        #expect(
            ShootVeilCopy.allowance(freeRemaining: 3, entitlement: .free, in: .english)
                == "3 free identifications left this month")
        #expect(
            ShootVeilCopy.allowance(freeRemaining: 1, entitlement: .free, in: .finnish)
                == "1 maksuton tunnistus jäljellä tässä kuussa")
        #expect(
            ShootVeilCopy.allowance(freeRemaining: 3, entitlement: .free, in: .finnish)
                == "3 maksutonta tunnistusta jäljellä tässä kuussa")
        let unlimited = Entitlement.unlimited(productID: "x")
        #expect(ShootVeilCopy.allowance(freeRemaining: nil, entitlement: unlimited, in: .english) == "Unlimited identifications")
        #expect(ShootVeilCopy.allowance(freeRemaining: nil, entitlement: unlimited, in: .finnish) == "Rajattomasti tunnistuksia")
        #expect(ShootVeilCopy.allowance(freeRemaining: nil, entitlement: .free, in: .finnish) == "")
    }

    @Test("confidence as a percentage and in words; kinds; distances; directions")
    func numbersAndWords() {
        #expect(ShootVeilCopy.confidence(0.634, in: .english) == "63%")
        #expect(ShootVeilCopy.confidence(0.634, in: .finnish) == "63\(Self.nbsp)%")
        #expect(ConfidenceLevel(0.6) == .high && ConfidenceLevel(0.59) == .medium && ConfidenceLevel(0.25) == .medium)
        #expect(ConfidenceLevel(0.24) == .low)
        #expect(ShootVeilCopy.confidenceLevel(.high, in: .english) == "High confidence")
        #expect(ShootVeilCopy.confidenceLevel(.medium, in: .finnish) == "Kohtalainen varmuus")
        #expect(ShootVeilCopy.confidenceLevel(.low, in: .finnish) == "Matala varmuus")
        #expect(ShootVeilCopy.kind(.landmark, in: .english) == "Landmark")
        #expect(ShootVeilCopy.kind(.aircraft, in: .finnish) == "Lentokone")
        #expect(ShootVeilCopy.kind(.building, in: .finnish) == "Rakennus")
        #expect(ShootVeilCopy.distance(240.4, in: .finnish) == "240 m")
        #expect(ShootVeilCopy.distance(12_400, in: .english) == "12 km")
        #expect(ShootVeilCopy.distance(1_240, in: .finnish) == "1,2 km")
        #expect(ShootVeilCopy.direction(azimuth: 42, elevation: 12.4, in: .english) == "NE 42°, 12° up")
        #expect(ShootVeilCopy.direction(azimuth: 42, elevation: 12.4, in: .finnish) == "KO 42°, 12° ylöspäin")
        #expect(ShootVeilCopy.direction(azimuth: 200, elevation: -3, in: .finnish) == "E 200°, 3° alaspäin")
        #expect(ShootVeilCopy.direction(azimuth: 270, elevation: 0, in: .english) == "W 270°, 0° up")
        #expect(ShootVeilCopy.areaUse(in: .english) == "Identifying buildings and landmarks")
        #expect(ShootVeilCopy.areaUse(in: .finnish) == "Rakennusten ja maamerkkien tunnistaminen")
    }

    @Test("the paywall's activity line")
    func paywallActivity() {
        #expect(ShootVeilCopy.paywallActivity(.idle, in: .finnish) == "")
        #expect(ShootVeilCopy.paywallActivity(.purchasing("p"), in: .english) == "Buying…")
        #expect(ShootVeilCopy.paywallActivity(.purchasing("p"), in: .finnish) == "Ostetaan…")
        #expect(ShootVeilCopy.paywallActivity(.restoring, in: .finnish) == "Palautetaan…")
        #expect(ShootVeilCopy.paywallActivity(.pending, in: .english).hasPrefix("Waiting for approval."))
        #expect(ShootVeilCopy.paywallActivity(.pending, in: .finnish).hasPrefix("Odotetaan hyväksyntää."))
        #expect(ShootVeilCopy.paywallActivity(.failed("Osto epäonnistui: x"), in: .finnish) == "Osto epäonnistui: x")
    }

    @Test("failures and their fixes")
    func failures() {
        #expect(ViewfinderFailure.cameraDenied.fix == .openSettings)
        #expect(ViewfinderFailure.storage("full").fix == .retry)
        #expect(ViewfinderFailure.cameraUnavailable("x").fix == .retry)
        #expect(ViewfinderFailure.cameraFault("x").fix == .dismiss)
        #expect(ShootVeilCopy.failure(.cameraDenied, in: .english).hasSuffix("Allow camera access for ShootVeil in Settings."))
        #expect(ShootVeilCopy.failure(.cameraDenied, in: .finnish).hasSuffix("Salli ShootVeilille kameran käyttö Asetuksissa."))
        #expect(ShootVeilCopy.failure(.cameraUnavailable("no back camera"), in: .finnish) == "Kameraa ei voitu käynnistää: no back camera")
        #expect(ShootVeilCopy.failure(.cameraFault("locked"), in: .english) == "The camera refused a change: locked")
        #expect(ShootVeilCopy.failure(.storage("disk full"), in: .english).hasPrefix("ShootVeil cannot save on this iPhone (disk full)"))
        #expect(ShootVeilCopy.failure(.storage("disk full"), in: .finnish).hasPrefix("ShootVeil ei voi tallentaa tähän iPhoneen (disk full)"))
        #expect(ShootVeilCopy.fix(.openSettings, in: .english) == "Open Settings")
        #expect(ShootVeilCopy.fix(.openSettings, in: .finnish) == "Avaa Asetukset")
        #expect(ShootVeilCopy.fix(.retry, in: .finnish) == "Yritä uudelleen")
        #expect(ShootVeilCopy.fix(.dismiss, in: .english) == "OK")
    }

    @Test("aircraft status: the sheet's line, the chip and the stored word, in both languages")
    func aircraft() {
        #expect(AircraftStatus.live(count: 1_470).line(in: .english) == "Aircraft: live, 1,470 searched")
        #expect(AircraftStatus.live(count: 1_470).line(in: .finnish) == "Lentokoneet: reaaliaikaiset, 1\(Self.nbsp)470 käyty läpi")
        #expect(AircraftStatus.live(count: nil).line(in: .finnish) == "Lentokoneet: reaaliaikaiset")
        #expect(AircraftStatus.failed(note: "stale").line(in: .english) == "Aircraft: failed (stale)")
        #expect(AircraftStatus.failed(note: nil).line(in: .finnish) == "Lentokoneet: haku epäonnistui")
        #expect(AircraftStatus.noFeed(note: nil).line(in: .finnish)?.hasPrefix("Lentokoneet: ei tietoja") == true)
        #expect(AircraftStatus.unreachable("x").line(in: .english)?.hasPrefix("Aircraft: offline") == true)
        #expect(AircraftStatus.notAsked.line(in: .finnish) == nil)
        #expect(AircraftStatus.unreachable("x").chip(in: .english) == "Aircraft: offline")
        #expect(AircraftStatus.unreachable("x").chip(in: .finnish) == "Lentokoneet: ei yhteyttä")
        #expect(AircraftStatus.notAsked.chip(in: .finnish) == nil)
        #expect(AircraftStatus.unreachable("x").word == "offline", "the stored word stays English data")
        #expect(AircraftStatus.label(word: "someday", in: .finnish) == "someday")
    }

    static let observer = Coordinate(uncheckedLatitude: 40.7336, longitude: -74.0027)

    static func building(name: String? = nil) -> IdentificationCandidate {
        IdentificationCandidate(
            kind: .building, id: "osm:way/1", name: name, confidence: 0.72, distance: 240, azimuth: 42, elevation: 12,
            reason: "72% of rays hit it first",
            details: ["height_m": "45.2", "height_source": "heightTag", "levels": "12", "year": "1931", "type": "office"])
    }

    @Test("a candidate's title, summary, spoken summary and detail rows")
    func candidate() {
        let english = CandidateCard(Self.building(), observer: Self.observer, in: .english)
        let finnish = CandidateCard(Self.building(), observer: Self.observer, in: .finnish)
        #expect(english.title == "Building (office)")
        #expect(finnish.title == "Rakennus (office)")
        #expect(CandidateCard(Self.building(name: "Flatiron"), observer: Self.observer, in: .finnish).title == "Flatiron")
        #expect(english.confidenceLevel == .high)
        #expect(english.summaryLine(in: .english) == "72% · 240 m · NE 42°, 12° up")
        #expect(finnish.summaryLine(in: .finnish) == "72\(Self.nbsp)% · 240 m · KO 42°, 12° ylöspäin")
        #expect(english.spokenSummary(in: .english) == "Building (office), Building, 240 m away, High confidence, 72%")
        #expect(
            finnish.spokenSummary(in: .finnish) == "Rakennus (office), Rakennus, 240 m päässä, Korkea varmuus, 72\(Self.nbsp)%")
        let rows = english.detailRows(in: .english)
        #expect(rows.map(\.label) == ["Height", "Storeys", "Built", "Type", "Why"])
        #expect(rows.map(\.value) == ["45 m (from its height tag)", "12", "1931", "office", "72% of rays hit it first"])
        let rivit = finnish.detailRows(in: .finnish)
        #expect(rivit.map(\.label) == ["Korkeus", "Kerroksia", "Rakennettu", "Tyyppi", "Perustelu"])
        #expect(rivit.first?.value == "45 m (korkeustiedosta)")
        #expect(rivit[2].value == "1931", "a year has no grouping separator")
    }

    @Test("an aircraft's title and flight rows")
    func aircraftCard() {
        let candidate = IdentificationCandidate(
            kind: .aircraft, id: "abe0df", name: nil, confidence: 0.2, distance: 20_983, azimuth: 200, elevation: 20,
            reason: "r", details: ["callsign": "SWA1086", "altitude_m": "3048", "ground_speed_mps": "128.6"])
        let english = CandidateCard(candidate, observer: Self.observer, in: .english)
        let finnish = CandidateCard(candidate, observer: Self.observer, in: .finnish)
        #expect(english.title == "Aircraft abe0df" && finnish.title == "Lentokone abe0df")
        #expect(english.confidenceLevel == .low)
        let rows = Dictionary(english.detailRows(in: .english).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(rows["Flight"] == "SWA1086" && rows["Altitude"] == "10,000 ft" && rows["Ground speed"] == "250 kt")
        let rivit = Dictionary(finnish.detailRows(in: .finnish).map { ($0.label, $0.value) }, uniquingKeysWith: { a, _ in a })
        #expect(rivit["Lento"] == "SWA1086" && rivit["Lentokorkeus"] == "10\(Self.nbsp)000 ft" && rivit["Maanopeus"] == "250 kt")
    }

    @Test("a history row: nothing found, plural candidates, the aircraft word and the photo")
    func historyRow() {
        let entry = HistoryEntry(
            time: Date(timeIntervalSince1970: 1_764_115_200), latitude: 40.7336, longitude: -74.0027,
            direction: ViewingDirection(azimuth: 42, elevation: 12), candidates: [Self.building(), Self.building()],
            aircraft: "live", photo: "p.jpg", pitch: nil, roll: nil)
        #expect(HistoryRow(entry, in: .english).summaryLine == "NE 42°, 12° up · 2 candidates · aircraft live · photo")
        #expect(
            HistoryRow(entry, in: .finnish).summaryLine
                == "KO 42°, 12° ylöspäin · 2 ehdokasta · lentokoneet: reaaliaikaiset · kuva")
        var empty = entry
        empty.candidates = [Self.building()]
        empty.aircraft = ""
        empty.photo = nil
        #expect(HistoryRow(empty, in: .english).summaryLine == "NE 42°, 12° up · 1 candidate")
        #expect(HistoryRow(empty, in: .finnish).summaryLine == "KO 42°, 12° ylöspäin · 1 ehdokas")
        empty.candidates = []
        #expect(HistoryRow(empty, in: .english).title == "Nothing identified")
        #expect(HistoryRow(empty, in: .finnish).title == "Mitään ei tunnistettu")
    }
}
