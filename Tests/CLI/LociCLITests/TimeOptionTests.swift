import Foundation
import Testing

/// `loci identify --time` reads fractional seconds and names a bad value.
@Suite("Time options accept fractional seconds and name a value they refuse")
struct TimeOptionTests {
    static func identify(time: String) throws -> LociProcess.Result {
        try LociProcess.run(
            "identify", "--at", "40,-74", "--fov", "60", "--size", "400x300", "--tap", "200,150", "--heading", "0",
            "--time", time, "--db", "/nonexistent-dir/x.sqlite")
    }

    @Test("a fraction of 1, 3, 6 or 9 digits with Z or an offset gets past the time (the missing store stops it)",
          arguments: ["2022-01-28T02:43:26.5Z", "2022-01-28T02:43:26.123+02:00", "2022-01-28T02:43:26.123456Z",
                      "2022-01-28T02:43:26.123456789-05:00"])
    func fractionAccepted(time: String) throws {
        let result = try Self.identify(time: time)
        #expect(result.status != 0)
        #expect(!result.stderr.contains("--time"), "stderr: \(result.stderr)")
        #expect(result.stderr.contains("/nonexistent-dir/x.sqlite"), "stderr: \(result.stderr)")
    }

    @Test("garbage is refused, naming the option and the value")
    func garbageRefused() throws {
        let result = try Self.identify(time: "yesterday at noon")
        #expect(result.status != 0)
        #expect(result.stderr.contains("--time: 'yesterday at noon' is not an ISO 8601 instant"), "stderr: \(result.stderr)")
    }
}
