import InterestCodebook

extension SyntheticPopulation {
    /// The simulation's facet codebook: its random topic vectors (every synthetic interest is a
    /// mix of 2–3 of them), versioned by their count and dimension.
    /// - Throws: ``SimulationError/component(name:message:)`` if the topics cannot form one.
    func codebook() throws(SimulationError) -> FacetCodebook {
        do {
            return try FacetCodebook(
                version: "simulation-topics-\(topics.count)x\(topics.first?.count ?? 0)", centroids: topics)
        } catch {
            throw .component(name: "facet codebook", message: error.description)
        }
    }
}
