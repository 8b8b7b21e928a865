import Foundation

/// What an argument's value means, and so which values are bad for it and what a refusal of
/// each must say. The catalogue maps every argument of `loci` to one of these.
enum ValueKind: Sendable {
    /// A count, seed or port: "abc" must be refused as not a whole number.
    case wholeNumber
    /// A measure (metres, degrees, ε): "abc" must be refused as not a number.
    case number
    /// LAT,LON: latitude 91 must be refused, saying the range.
    case coordinate
    /// An ISO 8601 instant.
    case instant
    /// A day, YYYY-MM-DD.
    case day
    /// An IANA time zone name.
    case timeZone
    /// One of a fixed set of words, which the refusal must list.
    case choice([String])
    /// A file that is read: a missing path and a folder must be refused, naming the path.
    case inputFile
    /// A folder that is read: a missing path and a plain file must be refused, naming the path.
    case inputFolder
    /// A database file opened or created: a folder, and a path inside a plain file, must be refused.
    case database
    /// A file that is written: a path inside a plain file must be refused, naming the path.
    case outputFile
    /// A folder that is written into: a plain file must be refused, naming the path.
    case outputFolder
    /// An http(s) URL.
    case url
    /// A place-store id such as osm:node/123.
    case placeID
    /// The name or id of something that must already exist (a trip, a list, a bookmark).
    case reference
    /// Any other shape: this bad value, whose refusal must contain every one of `expected`.
    case shape(bad: String, expected: [String])

    /// The bad values to try and what each refusal must contain (beyond naming the argument).
    func badValues(_ fixture: BadValueFixture) -> [BadValue] {
        switch self {
        case .wholeNumber: [BadValue("abc", expected: ["whole number"])]
        case .number: [BadValue("abc", expected: ["number"])]
        case .coordinate: [BadValue("91,0", expected: ["latitude", "-90"])]
        case .instant: [BadValue("yesterday-ish", expected: ["ISO 8601"])]
        case .day: [BadValue("yesterday-ish", expected: ["YYYY-MM-DD"])]
        case .timeZone: [BadValue("Mars/Olympus", expected: ["Mars/Olympus", "IANA time zone"])]
        case .choice(let values): [BadValue("bogus", expected: values)]
        case .inputFile:
            [
                BadValue(fixture.missing, expected: [fixture.missing], expectedAny: Self.missingWords),
                BadValue(fixture.folder, expected: [fixture.folder], expectedAny: ["folder", "directory"]),
            ]
        case .inputFolder:
            [
                BadValue(fixture.missing, expected: [fixture.missing], expectedAny: Self.missingWords + ["folder"]),
                BadValue(fixture.plainFile, expected: [fixture.plainFile], expectedAny: ["folder", "directory"]),
            ]
        case .database:
            [
                BadValue(fixture.folder, expected: [fixture.folder], expectedAny: ["folder", "directory"]),
                BadValue(fixture.insideFile, expected: [fixture.insideFile], expectedAny: ["not a folder", "cannot create"]),
            ]
        case .outputFile:
            [BadValue(fixture.insideFile, expected: [fixture.insideFile], expectedAny: ["not a folder", "cannot create"])]
        case .outputFolder:
            [BadValue(fixture.plainFile, expected: [fixture.plainFile], expectedAny: ["not a folder", "is a file"])]
        case .url: [BadValue("bogus", expected: ["'bogus'", "http"])]
        case .placeID: [BadValue("bogus", expected: ["'bogus'", "osm:node/123"])]
        case .reference:
            [BadValue("nosuch-zz", expected: ["nosuch-zz"], expectedAny: ["no ", "not found", "unknown"], valueNamesArgument: true)]
        case .shape(let bad, let expected): [BadValue(bad, expected: expected)]
        }
    }

    /// Words that say a number is out of its range.
    static let rangeWords = ["outside", "between", "within", "positive", "at least", "at most", "greater than", "must be in"]

    /// Words that say a path does not exist.
    static let missingWords = ["no such", "no file", "not found", "does not exist", "no place database", "no extract"]
}

/// One bad value for an argument and what the refusal must say about it.
struct BadValue: Sendable {
    /// The value as typed (a positional that takes several words gets them from the catalogue).
    let value: String
    /// Phrases that must all appear in standard error (case-insensitive).
    let expected: [String]
    /// Phrases of which at least one must appear (empty: no such check).
    let expectedAny: [String]

    /// Whether quoting the value is naming enough ("no trip called 'x'" for `--trip x`).
    let valueNamesArgument: Bool

    init(_ value: String, expected: [String], expectedAny: [String] = [], valueNamesArgument: Bool = false) {
        self.value = value
        self.expected = expected
        self.expectedAny = expectedAny
        self.valueNamesArgument = valueNamesArgument
    }
}
