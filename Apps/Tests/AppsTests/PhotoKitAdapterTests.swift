import Foundation
import Photos
import Testing
import WrappedKit
import WrappedKitContracts

@testable import WrappedLive

/// The PhotoKit adapters against the root package's contracts (WrappedKitContracts), on a
/// simulator or device. Suites that need photo access run only when access was already given
/// (a test must never wait on the system prompt); the workflow's simulator has none, so there
/// they are skipped and say so. Type-checked against the iPhoneOS SDK on Linux; not yet run on a Mac.
@Suite("PhotoKit adapters")
struct PhotoKitAdapterTests {
    static var canRead: Bool { PhotoKitAuthorizer().status.canRead }
    static var isDetermined: Bool { PhotoKitAuthorizer().status != .notDetermined }

    @Test("every PhotoKit status maps to the library's own, limited kept as limited")
    func statusMapping() {
        #expect(PhotoKitAuthorizer.authorization(.notDetermined) == .notDetermined)
        #expect(PhotoKitAuthorizer.authorization(.restricted) == .restricted)
        #expect(PhotoKitAuthorizer.authorization(.denied) == .denied)
        #expect(PhotoKitAuthorizer.authorization(.authorized) == .full)
        #expect(PhotoKitAuthorizer.authorization(.limited) == .limited)
    }

    @Test(
        "the authorizer keeps the PhotoAuthorizer contract",
        .enabled(if: isDetermined, "photo access not determined: the prompt would block"))
    func authorizerContract() async {
        let violations = await PhotoAuthorizerContract.violations(of: PhotoKitAuthorizer())
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test(
        "the source factory keeps its contract on the last 30 days", .enabled(if: canRead, "no photo access"))
    func sourceFactoryContract() throws {
        let now = Date()
        let window = DateInterval(start: now.addingTimeInterval(-30 * 86_400), end: now)
        let violations = PhotoLibrarySourceFactoryContract.violations(
            of: PhotoKitSourceFactory(), window: window, capturedInWindow: [])
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("thumbnails keep their contract on the newest photo", .enabled(if: canRead, "no photo access"))
    func thumbnailContract() async throws {
        let options = PHFetchOptions()
        options.sortDescriptors = [NSSortDescriptor(key: "creationDate", ascending: false)]
        options.fetchLimit = 1
        let newest = try #require(
            PHAsset.fetchAssets(with: .image, options: options).firstObject, "the library has no photo")
        let violations = await PhotoThumbnailContract.violations(
            of: PhotoKitThumbnails(allowsNetworkAccess: false), knownID: newest.localIdentifier,
            unknownID: "no-such-asset/L0/001")
        #expect(violations.isEmpty, "\(violations)")
    }

    @Test("the listing fingerprint is stable and changes when a photo is edited")
    func fingerprint() {
        var first = ListingFingerprint()
        first.add("A/L0/001", edited: 100)
        var same = ListingFingerprint()
        same.add("A/L0/001", edited: 100)
        var edited = ListingFingerprint()
        edited.add("A/L0/001", edited: 101)
        #expect(first.hex == same.hex)
        #expect(first.hex != edited.hex)
        #expect(first.hex.count == 16)
    }
}
