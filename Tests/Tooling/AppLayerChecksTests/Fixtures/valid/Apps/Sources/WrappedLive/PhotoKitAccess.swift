import Photos
import UIKit
import WrappedFeature

public struct PhotoKitAccess: Sendable {
    public func request() async -> PHAuthorizationStatus {
        await PHPhotoLibrary.requestAuthorization(for: .readWrite)
    }
}
