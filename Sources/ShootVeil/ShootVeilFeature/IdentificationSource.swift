import Foundation
import IdentifyKit
import IdentifyService

/// Where the viewfinder's identifications come from. ``ServiceIdentificationSource`` answers
/// through the identify service over a place store or an offline pack
/// (``ServiceIdentificationSource/init(pack:quota:flights:options:)``).
public protocol IdentificationSource: Sendable {
    /// Identifies one tap. `unlimited` (a purchase is in force) leaves the free quota uncounted.
    /// - Throws: ``IdentifyServiceError``; `.quotaReached` when the month's free ones are used up.
    func identify(_ request: IdentifyRequest, now: Date, unlimited: Bool) async throws(IdentifyServiceError)
        -> Identification
    /// Free identifications left in the month of `now`, `nil` when nothing limits them.
    func freeRemaining(at now: Date) throws(IdentifyServiceError) -> Int?
    /// Why the phone's own data could not be used at the last identification (a downloaded pack
    /// that no longer opens), `nil` when it could or there is none to use.
    var unusableData: String? { get }
}

extension IdentificationSource {
    /// Nothing on the phone that could be unusable.
    public var unusableData: String? { nil }
}

/// The identify service as the viewfinder's source: the service's quota counts the free
/// identifications, and its flight lookup (when configured) enriches the best aircraft.
public struct ServiceIdentificationSource: IdentificationSource {
    /// The service, with its quota and flight lookup.
    public var service: IdentificationService

    /// A source over `service`.
    public init(service: IdentificationService) { self.service = service }

    /// Identifies through the service (blocking work runs off the caller's actor).
    public func identify(_ request: IdentifyRequest, now: Date, unlimited: Bool) async throws(IdentifyServiceError)
        -> Identification
    {
        var service = self.service
        if unlimited { service.quota = nil }
        return try await service.identifyAndEnrich(request, now: now)
    }

    /// The quota's remaining count, `nil` without a quota.
    public func freeRemaining(at now: Date) throws(IdentifyServiceError) -> Int? {
        guard let quota = service.quota else { return nil }
        do { return try quota.remaining(at: now) } catch { throw .quota(error) }
    }
}

/// Aircraft around the phone at an instant (a receiver's `aircraft.json`, later a live feed).
public protocol AircraftSource: Sendable {
    /// The latest snapshot at or before `now`, `nil` when none is available.
    func snapshot(at now: Date) async -> AircraftSnapshot?
}

/// An ``AircraftSource`` that always answers one snapshot (a recorded feed, a test).
public struct FixedAircraftSource: AircraftSource {
    /// The snapshot.
    public var recorded: AircraftSnapshot

    /// A source answering `recorded`.
    public init(_ recorded: AircraftSnapshot) { self.recorded = recorded }

    /// The recorded snapshot.
    public func snapshot(at now: Date) async -> AircraftSnapshot? { recorded }
}
