import Foundation
import InterestIntegrations
import TidepoolFeature
import WrappedKit
import WrappedLive

/// The Photos interest source's places on the phone: `PhotographedPlaceSource` over Photo
/// Wrapped's PhotoKit adapters (access, then the library of the last ``days`` days), with the
/// capture times resolved and the photos clustered into places by WrappedKit, as
/// InterestIntegrations' `PhotographedPlace`. Nothing it reads leaves the phone.
///
/// Type-checked against the iPhoneOS SDK on Linux; not yet run on a device.
public struct PhotoLibraryPhotographedPlaces: PhotographedPlaceSource {
    /// How far back the library is read, days.
    public let days: Double

    /// The library of the last `days` days.
    public init(days: Double = 365) { self.days = days }

    /// Asks for access, reads and clusters the library.
    public func photographedPlaces() async throws(IntegrationError) -> (
        places: [PhotographedPlace], timeZone: TimeZone
    ) {
        let access = await PhotoKitAuthorizer().requestAccess()
        guard access.canRead else {
            throw IntegrationError(
                integration: "photos", reason: "access to the photo library is \(access.rawValue)")
        }
        let now = Date()
        let source = PhotoKitSourceFactory().source(
            for: DateInterval(start: now.addingTimeInterval(-days * 86_400), end: now))
        let listing: AnyPhotoLibrarySource.Listing
        do { listing = try source.list() } catch {
            throw IntegrationError(
                integration: "photos", reason: "the photo library could not be read: \(error)")
        }
        let scan = source.scan(listing) { _, _ in }
        let zone = TimeZone.current
        let resolver = LocalTimeResolver(lookup: nil, deviceZone: zone)
        var zones: [String: TimeZone] = [:]
        let photos = scan.assets.compactMap { resolver.resolve($0, zones: &zones) }
        let places = PlaceClusterer().places(in: photos).map { cluster in
            PhotographedPlace(
                centroid: cluster.centroid, radius: cluster.radius, distinctDays: cluster.distinctDays,
                lastDay: .init(
                    year: cluster.lastDay.year, month: cluster.lastDay.month, day: cluster.lastDay.day),
                isHidden: cluster.isHidden)
        }
        return (places, zone)
    }
}
