import Foundation
import LociServer
import Testing

/// `loci serve`'s settings from the environment.
@Suite("Server configuration")
struct ServerConfigurationTests {
    static let folder = URL(fileURLWithPath: "/nonexistent-loci-test")

    @Test("variables set what they name")
    func environment() throws {
        var settings = ServerConfiguration(dataDirectory: Self.folder)
        try settings.apply(environment: [
            "PORT": "9123", "LOCI_EPOCH_SECONDS": "120", "LOCI_K_MIN": "7",
            "LOCI_RATE_LIMIT_PER_CLIENT": "1e9",
        ])
        #expect(settings.port == 9123)
        #expect(settings.epochSeconds == 120)
        #expect(settings.kMin == 7)
        #expect(settings.rateLimitPerClient == 1e9)
    }

    @Test("an unusable value is refused naming the variable and the value", arguments: [
        ("PORT", "80a"), ("LOCI_EPOCH_SECONDS", "ten"),
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
        }
    }
}
