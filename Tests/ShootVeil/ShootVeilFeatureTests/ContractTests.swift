import Foundation
import IdentifyKit
import IdentifyKitContracts
import Testing

/// The device protocols' contracts against the in-memory fakes (the same contracts run against
/// the live adapters on a Mac), and against broken implementations, so a contract can fail.
@Suite("ShootVeil device contracts")
struct ContractTests {
    @Test("the fakes keep their contracts")
    func fakes() async throws {
        #expect(await AttitudeSourceContract.violations(of: InMemoryAttitudeSource()).isEmpty)
        #expect(await HeadingSourceContract.violations(of: InMemoryHeadingSource()).isEmpty)
        #expect(await CaptureLocationContract.violations(of: InMemoryCaptureLocationSource()).isEmpty)
        let camera = InMemoryCameraIntrinsicsSource(
            format: try CameraFormat(longSide: 4032, shortSide: 3024, fieldOfView: 69.4, zoom: 3),
            preview: PlanePoint(x: 393, y: 852))
        #expect(await CameraIntrinsicsContract.violations(of: camera).isEmpty)
        let store = InMemoryEntitlementStore(
            products: [StoreProduct(id: "a", displayName: "A", displayPrice: "$1", isSubscription: false)],
            restorable: .unlimited(productID: "a"))
        #expect(await EntitlementStoreContract.violations(of: store).isEmpty)
    }

    @Test("bad samples, a camera that maps the centre wrong and a store that ignores unknown products are caught")
    func brokenImplementations() async throws {
        let samples = [
            AttitudeSample(quaternion: AttitudeQuaternion(w: 2, x: 0, y: 0, z: 0), time: 10),
            AttitudeSample(quaternion: .identity, time: 9),
        ]
        #expect(AttitudeSourceContract.violations(of: samples).map(\.rule) == ["a sample is a unit quaternion", "times never go backwards"])
        #expect(HeadingSourceContract.violations(of: [HeadingSample(trueHeading: 360, accuracy: 5, time: 0)]).count == 1)
        #expect(await CameraIntrinsicsContract.violations(of: ShiftedCamera()).contains { $0.rule == "the preview's centre is the image's centre" })
        #expect(await CameraIntrinsicsContract.violations(of: ShiftedCamera()).contains { $0.rule == "setZoom(2) sets the zoom to 2" })
        #expect(await EntitlementStoreContract.violations(of: LenientStore()).contains { $0.rule == "buying an unknown product throws" })
    }
}

/// A camera whose tap conversion forgets the aspect-fill crop (scales each axis on its own).
struct ShiftedCamera: CameraIntrinsicsSource {
    func currentFormat() async -> CameraFormat? { try? CameraFormat(longSide: 4032, shortSide: 3024, fieldOfView: 69.4) }
    func previewSize() async -> PlanePoint? { PlanePoint(x: 393, y: 852) }
    func imagePixel(preview point: PlanePoint) async -> PlanePoint? {
        guard point.x >= 0, point.y >= 0 else { return nil }
        return PlanePoint(x: point.x * 3024 / 393 + 40, y: point.y * 4032 / 852)
    }
    /// Ignores the zoom (the contract's zoom rules catch it).
    func setZoom(_ factor: Double) async {}
}

/// A store that "sells" anything asked for.
struct LenientStore: EntitlementStore {
    func products() async throws(EntitlementStoreError) -> [StoreProduct] { [] }
    func purchase(_ productID: String) async throws(EntitlementStoreError) -> PurchaseOutcome {
        .purchased(.unlimited(productID: productID))
    }
    func restore() async throws(EntitlementStoreError) -> Entitlement { .free }
    func currentEntitlement() async -> Entitlement { .free }
    var updates: AsyncStream<Entitlement> { AsyncStream { $0.finish() } }
}
