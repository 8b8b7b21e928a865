/// A live aircraft feed that gave no snapshot: which feed, and what went wrong.
public struct AircraftFeedSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// No answer within the timeout (seconds).
        case timedOut(seconds: Double)
        /// The request did not complete (connection refused, DNS…): the transport's words.
        case transport(String)
        /// An HTTP status other than 200 (401/403: the credentials were refused).
        case http(status: Int)
        /// The body is not the feed's format: where and why.
        case malformed(AircraftFeedError)
        /// The credentials could not be exchanged for a token (the reason).
        case credentials(String)
    }

    /// The feed's ``AircraftFeedSource/name``.
    public var feed: String
    /// What went wrong.
    public var kind: Kind

    /// An error of `feed`.
    public init(feed: String, _ kind: Kind) {
        self.feed = feed
        self.kind = kind
    }

    /// `"<feed>: <what>"`, e.g. `readsb http://127.0.0.1:8080/data/aircraft.json: no answer in 3 s`.
    public var description: String {
        let what: String
        switch kind {
        case .timedOut(let seconds): what = "no answer in \(Self.format(seconds)) s"
        case .transport(let reason): what = reason
        case .http(let status) where status == 401 || status == 403:
            what = "HTTP \(status): the credentials were refused"
        case .http(let status): what = "HTTP \(status)"
        case .malformed(let error): what = error.description
        case .credentials(let reason): what = "cannot sign in: \(reason)"
        }
        return "\(feed): \(what)"
    }

    static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}
