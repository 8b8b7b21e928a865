import Foundation

/// One `import` statement found in a Swift file.
public struct SwiftImport: Sendable, Hashable {
    /// The imported module (`SwiftUI` for `import SwiftUI`, `Foundation` for
    /// `import struct Foundation.Date`).
    public var module: String
    /// The 1-based line of the statement.
    public var line: Int
    /// Whatever follows the statement on its line after `//` (a stated reason), trimmed.
    public var trailingComment: String?

    /// Creates an import record.
    public init(module: String, line: Int, trailingComment: String? = nil) {
        self.module = module
        self.line = line
        self.trailingComment = trailingComment
    }

    /// The imports in `source`, in order.
    ///
    /// A statement counts when `import` starts the line after optional attributes
    /// (`@testable`, `@preconcurrency`, `@_exported`) and an optional kind (`struct`, `func`…),
    /// which is how Swift writes them; lines inside `/* */` block comments and `"""` string
    /// literals are skipped.
    /// A commented-out import (`// import UIKit`) does not count.
    public static func imports(in source: String) -> [SwiftImport] {
        var found: [SwiftImport] = []
        var inBlockComment = false
        var inMultilineString = false
        for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine.trimmingLeadingSpaces())
            if rawLine.components(separatedBy: "\"\"\"").count % 2 == 0 {
                inMultilineString.toggle()
                continue
            }
            if inMultilineString { continue }
            if inBlockComment {
                guard let end = line.range(of: "*/") else { continue }
                inBlockComment = false
                line = Substring(line[end.upperBound...].trimmingLeadingSpaces())
            }
            if line.hasPrefix("/*"), !line.contains("*/") {
                inBlockComment = true
                continue
            }
            if let parsed = parse(line) {
                found.append(
                    SwiftImport(module: parsed.module, line: index + 1, trailingComment: parsed.comment))
            }
        }
        return found
    }

    private static let kinds: Set<Substring> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func",
    ]

    private static func parse(_ line: Substring) -> (module: String, comment: String?)? {
        let (code, comment) = splitComment(line)
        var words = code.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
        while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
        guard words.first == "import" else { return nil }
        words = words.dropFirst()
        if let kind = words.first, kinds.contains(kind) { words = words.dropFirst() }
        guard let path = words.first else { return nil }
        let module = path.split(separator: ".").first.map(String.init) ?? ""
        guard let head = module.first, head.isLetter || head == "_",
            module.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        return (module, comment)
    }

    private static func splitComment(_ line: Substring) -> (Substring, String?) {
        guard let range = line.range(of: "//") else { return (line, nil) }
        let comment = line[range.upperBound...].trimmingLeadingSpaces()
        return (line[..<range.lowerBound], comment.isEmpty ? nil : String(comment))
    }
}

extension StringProtocol {
    func trimmingLeadingSpaces() -> SubSequence {
        self.drop(while: { $0 == " " || $0 == "\t" })
    }
}
