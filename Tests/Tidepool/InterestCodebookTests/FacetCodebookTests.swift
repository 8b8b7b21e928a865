import InterestCodebook
import Testing

@Suite("The facet codebook: nearest facet on the device, similarity from a noisy mix")
struct FacetCodebookTests {
    static func codebook() throws -> FacetCodebook {
        try FacetCodebook(version: "v1", centroids: [[2, 0, 0], [0, 1, 0], [0, 0, 3], [1, 1, 0]])
    }

    @Test("centroids are normalised and the nearest facet is the largest cosine")
    func nearest() throws {
        let codebook = try Self.codebook()
        #expect(codebook.count == 4)
        #expect(codebook.dimension == 3)
        #expect(abs(codebook.centroids[0][0] - 1) < 1e-6)
        #expect(codebook.nearest(to: [0.9, 0.1, 0]) == 0)
        #expect(codebook.nearest(to: [0.6, 0.6, 0.1]) == 3)
        #expect(codebook.nearest(to: [0, 0, -1]) != 2)
        #expect(codebook.nearest(to: [0, 0, 0]) == nil)
        #expect(codebook.nearest(to: [1, 0]) == nil)
        #expect(codebook.nearest(to: [.nan, 0, 0]) == nil)
    }

    @Test("similarity clamps negative cells and compares with the mix's direction")
    func similarity() throws {
        let codebook = try Self.codebook()
        #expect(abs(codebook.similarity(viewer: [1, 0, 0], mix: [5, -9, 0, 0]) - 1) < 1e-9)
        // Mix (3, 4, 0, 0) → direction (3, 4, 0) → cos with (0, 1, 0) = 0.8.
        #expect(abs(codebook.similarity(viewer: [0, 1, 0], mix: [3, 4, 0, -2]) - 0.8) < 1e-9)
        #expect(codebook.similarity(viewer: [0, 1, 0], mix: [-1, -1, -1, -1]) == 0)
        #expect(codebook.similarity(viewer: [0, 1, 0], mix: [1, 1]) == 0)
        #expect(codebook.similarity(viewer: [], mix: [1, 1, 1, 1]) == 0)
    }

    @Test("bad codebooks are refused naming the problem")
    func refused() {
        #expect(throws: FacetCodebookError.emptyVersion) { try FacetCodebook(version: "", centroids: [[1]]) }
        #expect(throws: FacetCodebookError.badCount(0, maximum: 64)) { try FacetCodebook(version: "v", centroids: []) }
        #expect(throws: FacetCodebookError.self) { try FacetCodebook(version: "v", centroids: [[1, 0], [1]]) }
        #expect(throws: FacetCodebookError.self) { try FacetCodebook(version: "v", centroids: [[0, 0]]) }
    }
}
