/// The epoch grid shared by device and server: epoch `e` covers Unix seconds
/// `[e · length, (e + 1) · length)`.
public struct EpochSchedule: Sendable, Equatable {
    /// Epoch length, seconds (default 900: 15 minutes).
    public let lengthSeconds: Int64

    /// The default 15-minute schedule.
    public static let standard = EpochSchedule(validatedLength: 900)

    /// Creates a schedule.
    /// - Throws: ``TidepoolKitError/invalidParameter(name:value:reason:)`` unless the length is
    ///   in `60...86400` seconds.
    public init(lengthSeconds: Int64) throws(TidepoolKitError) {
        guard lengthSeconds >= 60, lengthSeconds <= 86_400 else {
            throw .invalidParameter(
                name: "lengthSeconds", value: Double(lengthSeconds), reason: "must be in 60...86400")
        }
        self.lengthSeconds = lengthSeconds
    }

    private init(validatedLength: Int64) { lengthSeconds = validatedLength }

    /// The epoch containing `unixSeconds` (floor division, also for times before 1970).
    /// A non-finite or absurd time (beyond ±10¹⁵ s) gives epoch 0 rather than trapping.
    public func epoch(at unixSeconds: Double) -> Int64 {
        guard unixSeconds.isFinite, abs(unixSeconds) <= 1e15 else { return 0 }
        return Int64((unixSeconds / Double(lengthSeconds)).rounded(.down))
    }
}

/// Why a device-side value was refused.
public enum TidepoolKitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A configuration number outside its allowed range.
    case invalidParameter(name: String, value: Double, reason: String)

    /// A one-line explanation naming the value.
    public var description: String {
        switch self {
        case .invalidParameter(let name, let value, let reason): "\(name) = \(value) is invalid: \(reason)"
        }
    }
}
