import Foundation

extension InterestFacets {
    /// Loads the codebook shipped in this module's resources for `model`.
    ///
    /// - Throws: ``InterestModelError`` as ``init(card:centroids:model:)`` does, or
    ///   ``InterestModelError/missingResource(_:)`` when a file is not in the bundle.
    public static func bundled(for model: InterestModel) throws(InterestModelError) -> InterestFacets {
        guard
            let directory = Bundle.module.url(
                forResource: "facets", withExtension: "json", subdirectory: "Resources")?
                .deletingLastPathComponent()
        else { throw .missingResource("facets.json in the InterestKit bundle") }
        return try InterestFacets(directory: directory, model: model)
    }

    /// Loads `facets.json` and `facet-centroids.f32` from `directory` for `model`.
    public init(directory: URL, model: InterestModel) throws(InterestModelError) {
        func read(_ name: String) throws(InterestModelError) -> Data {
            do { return try Data(contentsOf: directory.appendingPathComponent(name)) } catch {
                throw .missingResource("\(name) in \(directory.path)")
            }
        }
        try self.init(card: try read("facets.json"), centroids: try read("facet-centroids.f32"), model: model)
    }

    /// Builds the codebook from its two files' bytes, verifying them against the card and `model`.
    ///
    /// - Throws: ``InterestModelError/malformedModelCard(_:)`` for a card that is not the expected
    ///   JSON; ``InterestModelError/checksumMismatch(file:expected:actual:)`` when the centroids do
    ///   not hash to the card's SHA-256 or the card was built from another tag matrix;
    ///   ``InterestModelError/shapeMismatch(file:detail:)`` for a model version, facet count,
    ///   byte count or label count that disagrees, k outside 16…32, or a centroid that is not unit length.
    public init(card cardData: Data, centroids data: Data, model: InterestModel) throws(InterestModelError) {
        let file = "facet-centroids.f32"
        let card: FacetCard
        do { card = try JSONDecoder().decode(FacetCard.self, from: cardData) } catch {
            throw .malformedModelCard("facets.json: \(error)")
        }
        guard card.tagMatrixSHA256 == model.card.matrixSHA256 else {
            throw .checksumMismatch(
                file: "facets.json (tag matrix)", expected: model.card.matrixSHA256, actual: card.tagMatrixSHA256)
        }
        guard card.modelVersion == model.modelVersion, card.dimensions == model.dimensions else {
            throw .shapeMismatch(
                file: "facets.json",
                detail: "built for \(card.modelVersion) (\(card.dimensions) dimensions), the model is \(model.modelVersion) (\(model.dimensions))")
        }
        let actual = EmbeddingMatrix.sha256(data)
        guard actual == card.centroidsSHA256 else {
            throw .checksumMismatch(file: file, expected: card.centroidsSHA256, actual: actual)
        }
        guard (16...32).contains(card.facets), card.labels.count == card.facets,
            data.count == card.facets * card.dimensions * 4
        else {
            throw .shapeMismatch(
                file: file,
                detail: "\(data.count) bytes and \(card.labels.count) labels for \(card.facets) facets of \(card.dimensions) float32 (k must be 16…32)")
        }
        var centroids: [[Float]] = []
        centroids.reserveCapacity(card.facets)
        data.withUnsafeBytes { raw in
            for row in 0..<card.facets {
                centroids.append((0..<card.dimensions).map { column in
                    let offset = 4 * (row * card.dimensions + column)
                    return Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                })
            }
        }
        for (row, centroid) in centroids.enumerated() {
            let norm = InterestVector.dot(centroid, centroid)
            guard norm.isFinite, abs(norm - 1) < 1e-3 else {
                throw .shapeMismatch(file: file, detail: "centroid \(row) has squared length \(norm), not 1")
            }
        }
        self.version = card.version
        self.centroids = centroids
        self.labels = card.labels
        self.card = card
    }
}
