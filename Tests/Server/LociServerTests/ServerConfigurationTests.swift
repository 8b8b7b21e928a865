import Foundation
import GeoKit
import HeatAggregation
import LociServer
import LociTestSupport
import Testing

/// `loci serve`'s settings: one description each (``ServerSetting``), applied from the
/// environment or a flag, refused naming what the user set.
@Suite("Server configuration")
struct ServerConfigurationTests {
    static let folder = URL(fileURLWithPath: "/nonexistent-loci-test")

    @Test("variables set what they name")
    func environment() throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        try settings.apply(environment: [
            "PORT": "9123", "LOCI_EPOCH_SECONDS": "120", "LOCI_K_MIN": "7",
            "LOCI_RATE_LIMIT_PER_CLIENT": "1e9", "LOG_LEVEL": "DEBUG", "LOCI_EPSILON": "",
        ])
        #expect(settings.port == 9123)
        #expect(settings.epochSeconds == 120)
        #expect(settings.kMin == 7)
        #expect(settings.rateLimitPerClient == 1e9)
        #expect(settings.logLevel == .debug)
        #expect(settings.epsilon == 2)  // empty: unset
    }

    @Test("an unusable value is refused naming the variable and the value", arguments: [
        ("PORT", "80a"), ("LOCI_EPOCH_SECONDS", "ten"), ("LOCI_DELTA", "nan"), ("LOG_LEVEL", "verbose"),
        ("LOCI_AIRCRAFT_FEED", "ftp://receiver/aircraft.json"), ("LOCI_AIRCRAFT_FEED", "open-sky"),
    ])
    func refused(name: String, value: String) throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        do {
            try settings.apply(environment: [name: value])
            Issue.record("\(name)=\(value) was accepted")
        } catch {
            guard case .invalid(let refusedName, let refusedValue, _) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(refusedName == name)
            #expect(refusedValue == value)
            #expect(error.description.hasPrefix("\(name)=\(value): "))
        }
    }

    /// Each ranged setting with a value outside its range and the reason given.
    static let outOfRange: [(ServerSetting, String, String)] = [
        (.epochSeconds, "20", "must be between 60 and 86400"),
        (.epochSeconds, "86401", "must be between 60 and 86400"),
        (.port, "70000", "must be between 0 and 65535"),
        (.port, "-1", "must be between 0 and 65535"),
        (.epsilon, "0", "must be greater than 0 and at most 100"),
        (.epsilon, "100.5", "must be greater than 0 and at most 100"),
        (.delta, "0.01", "must be greater than 0 and less than 0.01"),
        (.delta, "-1e-6", "must be greater than 0 and less than 0.01"),
        (.kMin, "0", "must be at least 1"),
        (.rateLimitPerClient, "0", "must be greater than 0"),
        (.rateLimitPerToken, "-5", "must be greater than 0"),
    ]

    @Test("a value out of range names the flag or the variable as the user wrote it", arguments: outOfRange)
    func ranges(setting: ServerSetting, value: String, reason: String) throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        #expect(throws: ServerConfigurationError.invalid(name: setting.environment, value: value, reason: reason)) {
            try settings.apply(environment: [setting.environment: value])
        }
        #expect(
            ServerConfigurationError.invalid(name: setting.environment, value: value, reason: reason).description
                == "\(setting.environment)=\(value): \(reason)")
        if let option = setting.option {
            do {
                try settings.apply(flags: [(setting, value)])
                Issue.record("\(option) \(value) was accepted")
            } catch {
                #expect(error.description == "\(option) \(value): \(reason)")
            }
        }
        #expect(settings == ServerConfiguration(dataDirectory: Self.folder))
    }

    @Test("the issue's example reads as the user wrote it")
    func epochExample() {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        #expect(throws: ServerConfigurationError.self) { try settings.apply(flags: [(.epochSeconds, "20")]) }
        do { try settings.apply(flags: [(.epochSeconds, "20")]) } catch {
            #expect(error.description == "--epoch-seconds 20: must be between 60 and 86400")
        }
        do { try settings.apply(environment: ["LOCI_EPOCH_SECONDS": "20"]) } catch {
            #expect(error.description == "LOCI_EPOCH_SECONDS=20: must be between 60 and 86400")
        }
    }

    @Test("a configuration built in code is checked with the same ranges, naming the flag")
    func validateInCode() {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        #expect(throws: Never.self) { try settings.validate() }
        settings.epochSeconds = 20
        #expect(throws: ServerConfigurationError.invalid(name: "--epoch-seconds", value: "20", reason: "must be between 60 and 86400")) {
            try settings.validate()
        }
        settings.epochSeconds = 900
        settings.rateLimitPerToken = 0
        #expect(throws: ServerConfigurationError.invalid(name: "LOCI_RATE_LIMIT_PER_TOKEN", value: "0", reason: "must be greater than 0")) {
            try settings.validate()
        }
    }

    @Test("the defaults are the curve's choice: hourly epochs over the place store's public tile domain")
    func hourlyPublicDomainByDefault() throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        #expect(settings.epochSeconds == 3_600)
        #expect(settings.tileDomain == .places)
        #expect(settings.heatConfiguration.ttlSeconds == 3_600)
        // The domain (built from the place store at start-up) is what makes the releases public-domain ones.
        settings.publicDomain = try PublicTileDomain(tiles: [GridTiler.standard.tile(for: Coordinate(uncheckedLatitude: 60.17, longitude: 24.94))])
        #expect(settings.heatConfiguration.publicDomainSize == 1)
        #expect(try settings.heatConfiguration.publishedParameters().epochSelectionDelta == 0)
        try settings.apply(flags: [(.tileDomain, "reported"), (.epochSeconds, "900")])
        #expect(settings.tileDomain == .reported)
        #expect(settings.heatConfiguration.ttlSeconds == 1_800)
        do {
            try settings.apply(flags: [(.tileDomain, "everywhere")])
            Issue.record("--tile-domain everywhere was accepted")
        } catch {
            #expect(error.description == "--tile-domain everywhere: must be places or reported")
        }
    }

    @Test("every setting's example sets the same through its variable and its flag, and differs from the default")
    func examples() throws {
        let defaults = ServerConfiguration(dataDirectory: Self.folder)
        for setting in ServerSetting.all {
            var fromEnvironment = defaults
            try fromEnvironment.apply(environment: [setting.environment: setting.example])
            #expect(fromEnvironment != defaults, "\(setting.environment)=\(setting.example) changed nothing")
            if setting.flag != nil {
                var fromFlag = defaults
                try fromFlag.apply(flags: [(setting, setting.example)])
                #expect(fromFlag == fromEnvironment, "\(setting.environment)")
            }
        }
        #expect(Set(ServerSetting.all.map(\.environment)).count == ServerSetting.all.count)
        #expect(ServerConfiguration.environmentKeys.contains("LOG_LEVEL"))
        #expect(ServerConfiguration.environmentKeys.contains("LOCI_DATA_DIR"))
    }

    @Test("flags win over the environment")
    func flagsWin() throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        try settings.apply(environment: ["PORT": "9000", "LOCI_NODE": "env"])
        try settings.apply(flags: [(.port, "9001"), (.node, nil)])
        #expect(settings.port == 9001)
        #expect(settings.nodeName == "env")
    }

    @Test("docs/server.md carries the table generated from the descriptions")
    func docsTable() throws {
        let docs = Repository.file("docs/server.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        let begin = "<!-- settings table: generated from ServerSetting.all; ServerConfigurationTests checks it -->\n"
        let end = "<!-- end of settings table -->"
        let start = try #require(text.range(of: begin), "docs/server.md has no settings-table marker")
        let stop = try #require(text.range(of: end, range: start.upperBound..<text.endIndex))
        let committed = String(text[start.upperBound..<stop.lowerBound])
        if committed != ServerSetting.markdownTable, ProcessInfo.processInfo.environment["LOCI_WRITE_DOCS"] == "1" {
            try text.replacingCharacters(in: start.upperBound..<stop.lowerBound, with: ServerSetting.markdownTable)
                .write(to: docs, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == ServerSetting.markdownTable,
            "docs/server.md's settings table has drifted; run LOCI_WRITE_DOCS=1 swift test --skip-build --filter ServerConfigurationTests/docsTable, or paste:\n\(ServerSetting.markdownTable)"
        )
    }
}

/// The default a setting documents (help, `--help`, docs/server.md) is the one a configuration
/// holds when the setting is not given: `--daily-epochs` once said 8 while the server ran 24.
@Suite("Documented defaults")
struct DocumentedDefaultTests {
    /// Settings whose documented default is words or a rule, not a literal value (none, a free
    /// port, a path under the data directory, …): checked by reading, not here.
    static let described: Set<String> = [
        "LOCI_APP_ATTEST_ENVIRONMENT", "LOCI_METRICS_ADDRESS", "LOG_LEVEL", "LOCI_DEVELOPMENT_ATTESTATION", "PORT",
        "LOCI_TILE_DOMAIN", "LOCI_APP_ATTEST_APP_IDS", "DATABASE_URL", "LOCI_AIRCRAFT_FEED", "LOCI_HOST",
        "LOCI_DATA_DIR", "LOCI_PLACES", "LOCI_SENSITIVE_AREAS", "LOCI_FACET_CODEBOOK", "LOCI_NODE", "LOCI_LANDMARKS",
        "LOCI_AIRPORTS", "LOCI_AREAS",
    ]

    @Test("applying each setting's documented default changes nothing")
    func defaultsAreTheConfigurations() {
        let fresh = ServerConfiguration(dataDirectory: URL(fileURLWithPath: "/tmp/loci-defaults"))
        var words: Set<String> = []
        for setting in ServerSetting.all where !Self.described.contains(setting.environment) {
            var configuration = fresh
            do {
                try configuration.apply(environment: [setting.environment: setting.defaultValue])
            } catch {
                words.insert(setting.environment)
                continue
            }
            #expect(configuration == fresh, "\(setting.environment): documented \(setting.defaultValue)")
        }
        // Every other setting documents a literal value.
        #expect(words.isEmpty, "\(words.sorted())")
        #expect(Self.described.isSubset(of: Set(ServerSetting.all.map(\.environment))))
    }
}
