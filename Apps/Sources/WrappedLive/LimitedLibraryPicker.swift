import Photos
import PhotosUI
import UIKit

/// PhotoKit's picker in which a user with limited access changes which photos the app may read
/// ("Manage Photo Access"). After it closes the app becomes active again and the model re-reads
/// access. Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
@MainActor
public enum LimitedLibraryPicker {
    /// Presents the picker over the app's frontmost view controller; does nothing without a window.
    public static func present() {
        let root = UIApplication.shared.connectedScenes
            .compactMap { ($0 as? UIWindowScene)?.keyWindow?.rootViewController }
            .first
        guard var top = root else { return }
        while let presented = top.presentedViewController { top = presented }
        PHPhotoLibrary.shared().presentLimitedLibraryPicker(from: top)
    }
}
