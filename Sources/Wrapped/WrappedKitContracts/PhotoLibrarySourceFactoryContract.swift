import DeviceContracts
import Foundation
import WrappedKit

/// The contract of ``WrappedKit/PhotoLibrarySourceFactory``, checked against any implementation.
public enum PhotoLibrarySourceFactoryContract {
    /// Checks the source `factory` makes for `window`: it lists every id of `capturedInWindow`
    /// (photos the caller knows were taken in the window), lists with a stable fingerprint, scans
    /// as many assets plus issues as it listed photos, and, when the factory says it filters,
    /// holds no photo whose creation instant is outside the window.
    public static func violations(
        of factory: some PhotoLibrarySourceFactory, window: DateInterval, capturedInWindow: Set<String>
    ) -> [ContractViolation] {
        var found: [ContractViolation] = []
        let source = factory.source(for: window)
        let first: AnyPhotoLibrarySource.Listing
        do { first = try source.list() } catch {
            return [.init(rule: "a source for a window can be listed", observed: "\(error)")]
        }
        if let second = try? source.list(), second.fingerprint != first.fingerprint {
            found.append(
                .init(
                    rule: "listing twice gives one fingerprint",
                    observed: "\(first.fingerprint) then \(second.fingerprint)"))
        }
        let scan = source.scan(first) { _, _ in }
        let ids = Set(scan.assets.map(\.id))
        let missing = capturedInWindow.subtracting(ids)
        if !missing.isEmpty {
            found.append(
                .init(
                    rule: "every photo captured in the window is listed",
                    observed: "missing \(missing.sorted().prefix(5))"))
        }
        if scan.assets.count > first.photoCount {
            found.append(
                .init(
                    rule: "a scan reads no more photos than were listed",
                    observed: "\(scan.assets.count) of \(first.photoCount)"))
        }
        if factory.filtersByWindow {
            let outside = scan.assets.filter { asset in
                guard let instant = InMemoryPhotoLibraryFactory.creationInstant(asset) else { return true }
                return !window.contains(Date(timeIntervalSince1970: instant))
            }
            if !outside.isEmpty {
                found.append(
                    .init(
                        rule: "a filtering factory lists only photos created in the window",
                        observed: "\(outside.map(\.id).prefix(5))"))
            }
        }
        return found
    }
}
