/// Tag → related tags with weights (`related-tags.tsv`, written by the offline tool: each tag's
/// nearest tags by embedding cosine, at most 6, cosine ≥ 0.45).
public struct RelatednessGraph: Sendable {
    /// One related tag and how strongly (cosine of the two tags' embeddings, 0…1).
    public struct Edge: Sendable, Hashable, Codable {
        /// The related tag.
        public var tag: InterestTag
        /// The edge weight.
        public var weight: Double
    }

    private let edges: [InterestTag: [Edge]]

    /// Reads the graph file; every tag on it must be in `vocabulary`.
    ///
    /// - Throws: ``InterestModelError/malformedLine(file:line:detail:)`` naming the line.
    public init(text: String, vocabulary: InterestVocabulary, file: String = "related-tags.tsv")
        throws(InterestModelError)
    {
        var edges: [InterestTag: [Edge]] = [:]
        for (offset, line) in text.split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 2, let tag = InterestTag(String(fields[0])), vocabulary.contains(tag) else {
                throw .malformedLine(
                    file: file, line: offset + 1, detail: "expected a vocabulary tag, a tab and its edges")
            }
            var list: [Edge] = []
            for item in fields[1].split(separator: ",") {
                let parts = item.split(separator: "=")
                guard parts.count == 2, let other = InterestTag(String(parts[0])), vocabulary.contains(other),
                    let weight = Double(parts[1]), weight.isFinite
                else {
                    throw .malformedLine(
                        file: file, line: offset + 1, detail: "edge \(item) is not tag=weight")
                }
                list.append(Edge(tag: other, weight: weight))
            }
            edges[tag] = list
        }
        self.edges = edges
    }

    /// The tags related to `tag`, strongest first (empty when none passes the threshold).
    public func related(to tag: InterestTag) -> [Edge] { edges[tag] ?? [] }
}
