import Foundation
import IdentifyKit
import PlaceStore

/// Why an identification was not made.
public enum IdentifyServiceError: Error, Sendable, CustomStringConvertible {
    /// The capture or tap is invalid, or the building source failed.
    case identify(IdentifyError)
    /// The landmarks near the capture could not be read from the place store.
    case places(PlaceStoreError)
    /// The quota file could not be read or written.
    case quota(QuotaError)
    /// The month's free identifications are used up; more from `resetsAt`.
    case quotaReached(limit: Int, resetsAt: Date)

    public var description: String {
        switch self {
        case .identify(let error): error.description
        case .places(let error): "\(error)"
        case .quota(let error): error.description
        case .quotaReached(let limit, let resetsAt):
            "limit reached: \(limit) free identifications this month; more from \(ISO8601DateFormatter().string(from: resetsAt))"
        }
    }
}
