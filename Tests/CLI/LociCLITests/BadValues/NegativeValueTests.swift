import Foundation
import Testing

/// A value that begins with "-" (a southern latitude, a pitch below the horizon, a negative ε)
/// reaches the option's own check, instead of ArgumentParser taking it for the next option and
/// answering "Missing value".
@Suite("Options that take numbers or positions take negative values")
struct NegativeValueTests {
    @Test("every option whose value is a number or a position parses unconditionally")
    func everyNumericOptionIsUnconditional() throws {
        let arguments = try BadValueTests.tree().arguments.filter { !$0.isPositional }
        let numeric = arguments.filter {
            switch BadValueCatalogue.kind(of: $0) {
            case .wholeNumber, .number, .coordinate: true
            default: false
            }
        }
        // Dozens today (--limit, --radius, --near, --epsilon, …); few means the lookup broke.
        try #require(numeric.count > 40, "only \(numeric.count) numeric options found")
        let refused = numeric.filter { $0.parsingStrategy != "unconditional" }.map(\.description)
        #expect(refused.isEmpty, "these options refuse a value beginning with '-': \(refused)")
    }

    @Test(
        "a negative value gets the option's own refusal, not 'Missing value'",
        arguments: [
            (["serve", "--epsilon", "-1"], "--epsilon"),
            (["trips", "create", "Walk", "--radius", "-5", "--trips-db", "/nonexistent/trips.sqlite"], "--radius"),
            (["tidepool", "simulate", "--users", "-3", "--server", "http://127.0.0.1:1"], "--users"),
        ])
    func negativeValueReachesTheCheck(arguments: [String], option: String) throws {
        // A bounded wait: a server that took -1 would otherwise run until the test is killed.
        let result = try #require(try LociProcess.run(arguments, environment: [:], timeout: 60), "did not finish in 60 s")
        #expect(result.status != 0)
        #expect(result.stderr.contains(option), "\(result.stderr)")
        #expect(!result.stderr.contains("Missing value"), "\(result.stderr)")
    }
}
