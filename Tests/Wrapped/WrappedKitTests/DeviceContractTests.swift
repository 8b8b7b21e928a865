import Foundation
import Testing
import WrappedKit
import WrappedKitContracts

/// A PNG header: enough bytes for the format sniffing a thumbnail contract does.
let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
let jpegBytes = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10])

@Suite("Photo access: the in-memory authorizer keeps the PhotoAuthorizer contract")
struct PhotoAuthorizerContractTests {
    @Test(
        "the contract holds from every starting status and every answer",
        arguments: PhotoAuthorization.allCases)
    func contractHolds(start: PhotoAuthorization) async {
        for answer in PhotoAuthorization.allCases {
            let authorizer = InMemoryPhotoAuthorizer(status: start, answer: answer)
            #expect(
                await PhotoAuthorizerContract.violations(of: authorizer).isEmpty,
                "\(start) answering \(answer)")
        }
    }

    @Test("the prompt is shown once, only when not determined, and its answer sticks")
    func promptsOnce() async {
        let authorizer = InMemoryPhotoAuthorizer(status: .notDetermined, answer: .limited)
        #expect(await authorizer.requestAccess() == .limited)
        #expect(await authorizer.requestAccess() == .limited)
        #expect(authorizer.prompts == 1)
        let denied = InMemoryPhotoAuthorizer(status: .denied, answer: .full)
        #expect(await denied.requestAccess() == .denied)
        #expect(denied.prompts == 0)
    }

    /// Answers `.full` to every request but never records it: what a broken adapter might do.
    struct ForgetfulAuthorizer: PhotoAuthorizer {
        var status: PhotoAuthorization { .notDetermined }
        func requestAccess() async -> PhotoAuthorization { .full }
    }

    @Test("an authorizer that forgets the answer breaks the contract")
    func brokenAuthorizerFails() async {
        let violations = await PhotoAuthorizerContract.violations(of: ForgetfulAuthorizer())
        #expect(violations.contains { $0.rule == "status after a request is what it returned" })
    }

    @Test("only limited and full can read; cache privileges are all, limited or none")
    func privileges() {
        #expect(PhotoAuthorization.allCases.filter(\.canRead) == [.limited, .full])
        #expect(
            PhotoAuthorization.allCases.map(\.cachePrivileges) == ["none", "none", "none", "limited", "all"])
    }
}

@Suite("Thumbnails: the in-memory source keeps the PhotoThumbnailSource contract")
struct PhotoThumbnailContractTests {
    let images = [
        "wide": PhotoThumbnail(data: jpegBytes, format: .jpeg, pixelWidth: 4032, pixelHeight: 3024),
        "tall": PhotoThumbnail(data: pngBytes, format: .png, pixelWidth: 30, pixelHeight: 1000),
    ]

    @Test("the contract holds for a wide JPEG and a very tall PNG", arguments: ["wide", "tall"])
    func contractHolds(id: String) async {
        let source = InMemoryPhotoThumbnails(images: images)
        #expect(
            await PhotoThumbnailContract.violations(of: source, knownID: id, unknownID: "missing").isEmpty)
    }

    @Test("a photo that is not on the device is unavailable, with its id")
    func unavailable() async {
        let source = InMemoryPhotoThumbnails(images: images, unavailable: ["cloud"])
        await #expect(throws: PhotoThumbnailError.unavailable(assetID: "cloud", reason: "not on this device"))
        {
            try await source.thumbnail(for: "cloud", maxPixelSize: 64)
        }
    }

    /// Returns the original size whatever was asked, and calls PNG bytes JPEG.
    struct UnscaledThumbnails: PhotoThumbnailSource {
        func thumbnail(for assetID: String, maxPixelSize: Int) async throws(PhotoThumbnailError)
            -> PhotoThumbnail
        {
            PhotoThumbnail(data: pngBytes, format: .jpeg, pixelWidth: 4032, pixelHeight: 3024)
        }
    }

    @Test("a source that does not scale, mislabels its bytes and never fails breaks every rule")
    func brokenSourceFails() async {
        let rules = Set(
            await PhotoThumbnailContract.violations(of: UnscaledThumbnails(), knownID: "a", unknownID: "b")
                .map(\.rule))
        #expect(rules.contains("the longest side is at most maxPixelSize and no side is empty"))
        #expect(rules.contains("the bytes are the format stated"))
        #expect(rules.contains("an unknown id throws notFound"))
        #expect(rules.contains("a size below 1 throws invalidSize"))
    }

    @Test(
        "fitting scales the longest side to the maximum, keeps the aspect ratio and never scales up",
        arguments: [
            (4032, 3024, 300, 300, 225), (3024, 4032, 300, 225, 300), (100, 50, 300, 100, 50),
            (10_000, 1, 100, 100, 1), (1, 1, 1, 1, 1),
        ])
    func fitting(width: Int, height: Int, maximum: Int, expectedWidth: Int, expectedHeight: Int) throws {
        let size = try #require(ThumbnailSize.fitting(width: width, height: height, maxPixelSize: maximum))
        #expect(size.width == expectedWidth)
        #expect(size.height == expectedHeight)
    }

    @Test("fitting refuses empty sizes and maxima")
    func fittingRefuses() {
        #expect(ThumbnailSize.fitting(width: 0, height: 10, maxPixelSize: 10) == nil)
        #expect(ThumbnailSize.fitting(width: 10, height: 10, maxPixelSize: 0) == nil)
    }

    @Test("format sniffing tells JPEG from PNG from anything else")
    func sniffing() {
        #expect(PhotoThumbnail.sniffFormat(jpegBytes) == .jpeg)
        #expect(PhotoThumbnail.sniffFormat(pngBytes) == .png)
        #expect(PhotoThumbnail.sniffFormat(Data("GIF89a".utf8)) == nil)
    }
}
