import IdentifyKit
import IdentifyPack

extension OfflinePack {
    /// The identify service over this pack: buildings and landmark places from its store, its
    /// landmark list and airports; the quota, flight lookup, live aircraft feed and tuning are the
    /// caller's.
    ///
    /// For a capture inside ``PackManifest/area`` it answers as the service over the full store
    /// with the same landmark list and airports does (with the default ``IdentifyOptions`` ranges;
    /// see ``PackBuilder``).
    public func service(
        quota: (any IdentificationQuota & Sendable)? = nil, flights: (any FlightLookup)? = nil,
        aircraftFeed: (any AircraftFeedSource)? = nil, options: IdentifyOptions = IdentifyOptions()
    ) -> IdentificationService {
        IdentificationService(
            places: places, landmarksFromPlaces: true, landmarks: landmarks, airports: airports.isEmpty ? nil : airports,
            quota: quota, flights: flights, options: options, aircraftFeed: aircraftFeed)
    }
}
