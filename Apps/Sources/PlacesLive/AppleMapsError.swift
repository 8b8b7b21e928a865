/// Why Apple Maps did not answer; a search model then falls back to the offline store and
/// shows this in its note (And Away), or shows it as the search's error (Proximity).
public enum AppleMapsError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Too many requests (MapKit's `loadingThrottled`, or our own budget of 50 a minute).
    case throttled
    /// MapKit failed (network, server), with its message.
    case failed(String)

    /// One line.
    public var description: String {
        switch self {
        case .throttled: "too many requests; try again in a minute"
        case .failed(let message): message
        }
    }
}
