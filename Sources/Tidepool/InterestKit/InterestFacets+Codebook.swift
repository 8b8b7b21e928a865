import InterestCodebook

extension InterestFacets {
    /// This codebook as the wire type a report's `facet` indexes (what the server aggregates
    /// with and the device picks a facet from).
    /// - Throws: ``FacetCodebookError`` (only for a codebook the card check let through empty).
    public func codebook() throws(FacetCodebookError) -> FacetCodebook {
        try FacetCodebook(version: version, centroids: centroids)
    }

    /// The interest model's own codebook, bundled with this module: the server's default and
    /// the one the app reports with.
    /// - Throws: the model's loading errors (a resource whose checksum does not match its card).
    public static func bundledCodebook() throws -> FacetCodebook {
        try bundled(for: try InterestModel.bundled()).codebook()
    }
}
