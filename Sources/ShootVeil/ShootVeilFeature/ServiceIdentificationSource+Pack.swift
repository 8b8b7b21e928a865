import Foundation
import IdentifyKit
import IdentifyPack
import IdentifyService

extension ServiceIdentificationSource {
    /// The identify service over an offline pack the app downloaded: buildings, landmarks and
    /// airports from the pack (opened in place and verified first), the free quota and flight
    /// lookup as for any service source.
    ///
    /// - Throws: ``IdentifyPack/PackError`` naming the file and the fault for a damaged, partial,
    ///   edited or foreign file; the app should then offer to download the pack again.
    /// - Complexity: O(pack size) to verify the checksums, once per opening (open it off the main actor).
    public init(
        pack: URL, quota: (any IdentificationQuota & Sendable)? = nil, flights: (any FlightLookup)? = nil,
        options: IdentifyOptions = IdentifyOptions()
    ) throws(PackError) {
        let opened = try OfflinePack(path: pack.path)
        self.init(service: opened.service(quota: quota, flights: flights, options: options))
    }
}
