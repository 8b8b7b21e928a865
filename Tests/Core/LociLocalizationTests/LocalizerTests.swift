import Foundation
import Testing

@testable import LociLocalization

private func fixture(_ name: String) throws -> StringCatalog {
    let url = try #require(Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: "xcstrings"))
    return try StringCatalog(contentsOf: url)
}

@Suite("A module's words in English and Finnish")
struct LocalizerTests {
    @Test("A key answers its Finnish value, and its English text where English is left out")
    func plain() throws {
        let catalog = try fixture("Sample")
        #expect(Localizer(catalog, .finnish)("Alerts arrive in the background.") == "Hälytykset tulevat taustalla.")
        #expect(Localizer(catalog, .english)("Alerts arrive in the background.") == "Alerts arrive in the background.")
    }

    @Test("Positional placeholders may be reordered by a translation")
    func positional() throws {
        let catalog = try fixture("Sample")
        let fi = Localizer(catalog, .finnish)
        #expect(fi("%1$@ of %2$@ visited", "3", "12") == "3/12 käyty")
        #expect(fi("Nearest: %@, %@", "Helsinki", "2.0 MB") == "Lähin: 2.0 MB (Helsinki)")
        #expect(Localizer(catalog, .english)("Nearest: %@, %@", "Helsinki", "2.0 MB") == "Nearest: Helsinki, 2.0 MB")
    }

    @Test("A count picks the plural form: one for 1, other otherwise")
    func plural() throws {
        let catalog = try fixture("Sample")
        let en = Localizer(catalog, .english)
        let fi = Localizer(catalog, .finnish)
        #expect(en("%@ places", "1", count: 1) == "One place")
        #expect(en("%@ places", "4", count: 4) == "4 places")
        #expect(fi("%@ places", "1", count: 1) == "1 paikka")
        #expect(fi("%@ places", "0", count: 0) == "0 paikkaa")
    }

    @Test("%% is a percent sign; a missing key or language falls back to English, then to the key")
    func fallbacks() throws {
        let catalog = try fixture("Sample")
        #expect(Localizer(catalog, .finnish)("100%% offline") == "100 % offline-tilassa")
        #expect(Localizer(catalog, AppLanguage("sv"))("%1$@ of %2$@ visited", "1", "2") == "1 of 2 visited")
        #expect(Localizer(catalog, .finnish)("Not in the catalog: %@", "x") == "Not in the catalog: x")
        #expect(Localizer(StringCatalog(empty: "none"), .finnish)("%@ and %@", "a") == "a and %@")
    }

    @Test("Xcode's integer specifiers read like %@")
    func integerSpecifiers() {
        #expect(Localizer.substitute(["3", "12"], into: "%lld of %lld") == "3 of 12")
        #expect(Localizer.substitute(["3", "12"], into: "%2$lld/%1$d") == "12/3")
        #expect(Localizer.substitute(["x"], into: "50% off %@") == "50% off x")
    }

    @Test("Numbers, distances, durations and percentages follow the language")
    func formatters() {
        let en = Localizer(StringCatalog(empty: "none"), .english)
        let fi = Localizer(StringCatalog(empty: "none"), .finnish)
        #expect(en.number(1234) == "1,234")
        #expect(fi.number(1234) == "1\u{00A0}234")
        #expect(en.number(1.25, fractionDigits: 1) == "1.2" || en.number(1.25, fractionDigits: 1) == "1.3")
        #expect(fi.number(2.5, fractionDigits: 1) == "2,5")
        #expect(en.distance(metres: 849.6) == "850 m")
        #expect(en.distance(metres: 1_240) == "1.2 km")
        #expect(fi.distance(metres: 1_240) == "1,2 km")
        #expect(fi.distance(metres: 23_400) == "23 km")
        #expect(en.duration(seconds: 44.6) == "45 s")
        #expect(en.duration(seconds: 300) == "5 min")
        #expect(en.duration(seconds: 4_800) == "1 h 20 min")
        #expect(fi.duration(seconds: 7_200) == "2 h")
        #expect(en.percent(0.42) == "42%")
        #expect(fi.percent(0.42).hasPrefix("42") && fi.percent(0.42).hasSuffix("%") && fi.percent(0.42) != "42%")
    }

    @Test("Dates follow the language's numeric style")
    func dates() {
        let instant = Date(timeIntervalSince1970: 1_795_939_200)  // 2026-11-29 08:00 UTC
        let utc = TimeZone(identifier: "UTC")!
        let fi = Localizer(StringCatalog(empty: "none"), .finnish)
        let en = Localizer(StringCatalog(empty: "none"), .english)
        #expect(fi.date(instant, timeZone: utc) == "29.11.2026")
        #expect(en.date(instant, timeZone: utc) == "11/29/2026")
        #expect(fi.time(instant, timeZone: utc) == "8.00")
    }

    @Test("The person's language is the first supported one they prefer, else English")
    func preferred() {
        #expect(AppLanguage.preferred(from: ["sv-SE", "fi-FI", "en"]) == .finnish)
        #expect(AppLanguage.preferred(from: ["en_GB", "fi"]) == .english)
        #expect(AppLanguage.preferred(from: ["de"]) == .english)
        #expect(AppLanguage.preferred(from: []) == .english)
    }
}

@Suite("Reading a catalog")
struct StringCatalogTests {
    @Test("A file that is not a catalog is refused with its name and what is missing")
    func refused() {
        #expect(throws: StringCatalogError.self) { try StringCatalog(data: Data("[]".utf8), name: "x.xcstrings") }
        do {
            _ = try StringCatalog(data: Data(#"{"sourceLanguage":"en"}"#.utf8), name: "A/Localizable.xcstrings")
            Issue.record("a catalog without strings was read")
        } catch {
            #expect(error.path == "A/Localizable.xcstrings")
            #expect(error.reason.contains("strings"))
        }
    }

    @Test("A bundle without the catalog answers English and says why")
    func missing() {
        let catalog = StringCatalog.bundled(in: Bundle.module, name: "NoSuchCatalog")
        #expect(catalog.loadFailure?.contains("NoSuchCatalog.xcstrings") == true)
        #expect(Localizer(catalog, .finnish)("Save") == "Save")
    }

    @Test("The audit passes a complete catalog and names each gap in a broken one")
    func audit() throws {
        #expect(CatalogAudit.problems(in: try fixture("Sample")) == [])
        let problems = CatalogAudit.problems(in: try fixture("Broken"))
        #expect(problems.contains("\"No Finnish\": no fi value"))
        #expect(problems.contains("\"Half done\" [fi]: state is needs_review, not translated"))
        #expect(problems.contains { $0.hasPrefix("\"%1$@ of %2$@ visited\" [fi]: placeholders") })
        #expect(problems.contains("\"%@ places\" [fi]: plural without \"one\""))
        #expect(problems.count == 4)
    }
}

@Suite("An InfoPlist catalog")
struct InfoPlistCatalogTests {
    @Test("Keyed by Info.plist keys, it needs English too")
    func needsEnglish() throws {
        let json = #"{"sourceLanguage":"en","strings":{"NSCameraUsageDescription":{"localizations":{"fi":{"stringUnit":{"state":"translated","value":"Kamera"}}}}},"version":"1.0"}"#
        let catalog = try StringCatalog(data: Data(json.utf8), name: "InfoPlist.xcstrings")
        #expect(CatalogAudit.problems(in: catalog, keysAreText: false) == ["\"NSCameraUsageDescription\": no en value"])
        #expect(CatalogAudit.problems(in: catalog) == [])
    }
}
