import Foundation

/// A profile written as text, `TAG[:WEIGHT],…`, read into weighted tags (`loci interests
/// vector --tags`, a debug field in the apps).
///
/// Each TAG is a `category:slug` tag or any string the canonicaliser knows ("indie rock",
/// `amenity=cafe`); WEIGHT is a finite number after the last colon (default 1). Empty items are
/// skipped; at least one tag is needed.
public enum WeightedTagList {
    /// Why a profile text was refused.
    public enum ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The item's weight is NaN or infinite.
        case weightNotFinite(item: String)
        /// The name is not a known interest.
        case unknown(name: String)
        /// No tag was given.
        case empty

        /// One line.
        public var description: String {
            switch self {
            case .weightNotFinite(let item): "weight of \(item) is not finite"
            case .unknown(let name): "\(name) is not a known interest"
            case .empty: "no tags given"
            }
        }
    }

    /// The weighted tags `text` names, in order.
    ///
    /// - Throws: ``ParseError`` naming the item.
    public static func parse(_ text: String, canonicalizer: Canonicalizer) throws(ParseError) -> [WeightedTag] {
        var result: [WeightedTag] = []
        for item in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !item.isEmpty {
            var name = item
            var weight = 1.0
            if let colon = item.lastIndex(of: ":"), let value = Double(item[item.index(after: colon)...]) {
                guard value.isFinite else { throw .weightNotFinite(item: item) }
                name = String(item[..<colon])
                weight = value
            }
            guard let tag = canonicalizer.canonicalize(name).tag else { throw .unknown(name: name) }
            result.append(WeightedTag(tag, weight: weight))
        }
        guard !result.isEmpty else { throw .empty }
        return result
    }
}
