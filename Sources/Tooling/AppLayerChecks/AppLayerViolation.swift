/// One broken rule: which rule, in which file (and line, when there is one), and what is wrong.
public struct AppLayerViolation: Sendable, Hashable, CustomStringConvertible {
    /// The rule broken.
    public var rule: AppLayerRule
    /// The file, relative to the checked tree's root (`Apps/Sources/WrappedUI/PagerView.swift`).
    public var file: String
    /// The 1-based line, when the finding is about one line.
    public var line: Int?
    /// What is wrong, in words a person can act on.
    public var message: String

    /// Creates a violation.
    public init(rule: AppLayerRule, file: String, line: Int? = nil, message: String) {
        self.rule = rule
        self.file = file
        self.line = line
        self.message = message
    }

    /// `"<file>[:<line>]: [<rule>] <message>"`.
    public var description: String {
        let place = line.map { "\(file):\($0)" } ?? file
        return "\(place): [\(rule.rawValue)] \(message)"
    }
}
